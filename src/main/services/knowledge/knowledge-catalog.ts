// The knowledge bases and their files (`<data>/knowledge/catalog.json`): names,
// paths, content hashes, states, per-file errors and which embedder made the
// vectors. Vectors and text are in the database, never here. Files still
// `queued` when the app stopped are the ingest to resume; one still `indexing`
// is left out at the next start (knowledge-service.ts).
import { readFile, rename } from 'node:fs/promises';
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
    /** where a catalog that could not be read was moved, and why; null when it opened */
    readonly damaged: { keptAt: string; error: string } | null,
  ) {}

  static async open(path: string): Promise<KnowledgeCatalog> {
    try {
      return new KnowledgeCatalog(
        path,
        CatalogSchema.parse(JSON.parse(await readFile(path, 'utf8'))).bases as StoredBase[],
        null,
      );
    } catch (error) {
      // A missing catalog is a first start. A damaged one must not stop the app: it starts empty,
      // and the damaged file is moved aside first so the next save does not overwrite it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new KnowledgeCatalog(path, [], null);
      const keptAt = `${path}.damaged`;
      const moved = await rename(path, keptAt).then(
        () => true,
        () => false,
      );
      return new KnowledgeCatalog(path, [], { keptAt: moved ? keptAt : path, error: (error as Error).message });
    }
  }

  base(id: string): StoredBase | undefined {
    return this.bases.find((base) => base.id === id);
  }

  /** Persist the whole catalog; writes queue up so the last state always wins. */
  save(): Promise<void> {
    const text = JSON.stringify({ version: 1, bases: this.bases });
    // The chain goes on after a failed save; that save's caller got its error.
    this.writing = this.writing.catch(() => undefined).then(() => writeFileAtomic(this.path, text));
    return this.writing;
  }
}
