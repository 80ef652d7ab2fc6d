// The knowledge bases and their files (`<data>/knowledge/catalog.json`): names,
// paths, content hashes, states, per-file errors and which embedder made the
// vectors. Vectors and text are in the database, never here. Files still
// `queued` or `indexing` when the app stopped are the ingest to resume.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { EmbedderIdentity, KnowledgeFile } from '@shared/knowledge/knowledge-types';
import { writeFileAtomic } from '../fs/atomic-write';

const FileSchema = z.object({
  id: z.string(),
  path: z.string(),
  state: z.enum(['queued', 'indexing', 'indexed', 'failed']),
  hash: z.string().nullable(),
  passages: z.number(),
  bytes: z.number(),
  indexedAt: z.number().nullable(),
  error: z.object({ reason: z.string(), message: z.string() }).nullable(),
});

const BaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  embedder: z.object({ model: z.string(), dimension: z.number() }).nullable(),
  files: z.array(FileSchema),
});

const CatalogSchema = z.object({ version: z.literal(1), bases: z.array(BaseSchema) });

/** One base as stored. */
export interface StoredBase {
  id: string;
  name: string;
  createdAt: number;
  embedder: EmbedderIdentity | null;
  files: KnowledgeFile[];
}

export class KnowledgeCatalog {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    readonly bases: StoredBase[],
  ) {}

  static async open(path: string): Promise<KnowledgeCatalog> {
    let bases: StoredBase[] = [];
    try {
      bases = CatalogSchema.parse(JSON.parse(await readFile(path, 'utf8'))).bases as StoredBase[];
    } catch (error) {
      // A missing catalog is a first start; a damaged one is kept aside by the atomic writer's next save.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') bases = [];
    }
    return new KnowledgeCatalog(path, bases);
  }

  base(id: string): StoredBase | undefined {
    return this.bases.find((base) => base.id === id);
  }

  /** Persist the whole catalog; writes queue up so the last state always wins. */
  save(): Promise<void> {
    const text = JSON.stringify({ version: 1, bases: this.bases });
    this.writing = this.writing.catch(() => undefined).then(() => writeFileAtomic(this.path, text));
    return this.writing;
  }
}
