// The hub's JSON, checked: the search answer and the repository tree. Entries
// that do not look as documented are skipped, not trusted. Pure.
import { z } from 'zod';
import type { HubModel } from '@shared/models/model-library';

const SearchEntry = z.object({
  id: z.string().optional(),
  modelId: z.string().optional(),
  downloads: z.number().optional(),
  likes: z.number().optional(),
  lastModified: z.string().optional(),
  createdAt: z.string().optional(),
});

/** The repositories of a `GET /api/models` answer. */
export function parseSearch(body: unknown): HubModel[] {
  if (!Array.isArray(body)) return [];
  const models: HubModel[] = [];
  for (const raw of body) {
    const entry = SearchEntry.safeParse(raw);
    const id = entry.success ? (entry.data.id ?? entry.data.modelId) : undefined;
    if (!entry.success || !id || !/^[\w.-]+\/[\w.-]+$/.test(id)) continue;
    models.push({
      id,
      downloads: entry.data.downloads ?? 0,
      likes: entry.data.likes ?? 0,
      updatedAt: entry.data.lastModified ?? entry.data.createdAt ?? null,
    });
  }
  return models;
}

const TreeEntry = z.object({
  type: z.string(),
  path: z.string().min(1),
  size: z.number().int().nonnegative().optional(),
  lfs: z.object({ oid: z.string(), size: z.number().int().nonnegative() }).partial().optional(),
});

/** A `.gguf` file of the tree, with its LFS checksum when the hub gives a sha256. */
export interface TreeGguf {
  path: string;
  sizeBytes: number;
  sha256: string | null;
}

/** The `.gguf` files of a `GET /api/models/{repo}/tree/main` page. */
export function parseTree(body: unknown): TreeGguf[] {
  if (!Array.isArray(body)) return [];
  const files: TreeGguf[] = [];
  for (const raw of body) {
    const entry = TreeEntry.safeParse(raw);
    if (!entry.success || entry.data.type !== 'file' || !/\.gguf$/i.test(entry.data.path)) continue;
    const oid = entry.data.lfs?.oid?.toLowerCase();
    files.push({
      path: entry.data.path,
      sizeBytes: entry.data.lfs?.size ?? entry.data.size ?? 0,
      sha256: oid && /^[0-9a-f]{64}$/.test(oid) ? oid : null,
    });
  }
  return files;
}

/** The `rel="next"` address of a Link header (the tree is paged for large repositories). */
export function nextPageLink(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (match?.[1]) return match[1];
  }
  return null;
}
