// Turns the files and folders a user added into queued files of a base: a folder brings
// the files EVA can read, a file already waiting is left alone, one seen before is queued again.
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileKindOf } from './extract/file-kind';
import { walkFiles } from './folder-walk';
import type { StoredBase } from './knowledge-catalog';

/** Queues the files under `paths` in `base` (in memory); returns how many and their bytes. */
export async function markPathsQueued(
  base: StoredBase,
  paths: readonly string[],
): Promise<{ added: number; bytes: number }> {
  let added = 0;
  let bytes = 0;
  for (const raw of paths) {
    const path = resolve(raw);
    // A path that cannot be walked is queued as it is, so that indexing it gives the user its error.
    const files = await walkFiles(path).catch(() => [path]);
    const explicit = files.length === 1 && files[0] === path;
    for (const file of files) {
      // A folder brings what can be read; a file named on its own is listed either way, so it gets its error.
      if (!explicit && !fileKindOf(file)) continue;
      const size = await stat(file).then(
        (s) => s.size,
        () => 0,
      );
      const existing = base.files.find((f) => f.path === file);
      if (existing) {
        if (existing.state === 'queued' || existing.state === 'indexing') continue;
        Object.assign(existing, { state: 'queued', bytes: size, error: null });
      } else {
        base.files.push({
          id: randomBytes(8).toString('hex'),
          path: file,
          state: 'queued',
          hash: null,
          passages: 0,
          bytes: size,
          indexedAt: null,
          error: null,
        });
      }
      added++;
      bytes += size;
    }
  }
  return { added, bytes };
}
