// Finds `.gguf` files under a folder: a few levels deep (the Hugging Face cache
// and LM Studio keep models at <folder>/<owner>/<repo>/), hidden folders and
// `.part` files left out, and a ceiling on entries so a library folder set to the
// whole home folder answers in time instead of walking every file the user has.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface FoundFile {
  path: string;
  dir: string;
  fileName: string;
  sizeBytes: number;
  modifiedMs: number;
  /** device and inode: the same file reached along another path (a linked folder, a hard link) has the same one */
  fileId: string | null;
}

export const MAX_SCAN_DEPTH = 4;
export const MAX_SCAN_ENTRIES = 20_000;

/**
 * Every `.gguf` under `root` (a missing or unreadable folder gives none). A library folder is the user's own tree and
 * may hold folders no one may read (macOS guards several under the home folder): one of them must not empty the
 * library. Whether a library folder itself can be read is checked, and reported, when it is chosen
 * (library-folders.ts).
 */
export async function findGgufFiles(
  root: string,
  limits = { depth: MAX_SCAN_DEPTH, entries: MAX_SCAN_ENTRIES },
): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  let budget = limits.entries;
  async function walk(dir: string, depth: number): Promise<void> {
    // Unreadable is skipped on purpose: see above.
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (--budget < 0) return;
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      // Links are followed once, by stat; the depth limit keeps a link loop finite.
      // A dangling link, or one that loops, is no model file.
      const info = entry.isSymbolicLink() ? await stat(path).catch(() => null) : entry;
      if (!info) continue;
      if (info.isDirectory()) {
        if (depth < limits.depth) await walk(path, depth + 1);
      } else if (info.isFile() && /\.gguf$/i.test(entry.name)) {
        // Listed a moment ago; gone or unreadable now, it is no model to offer.
        const facts = await stat(path).catch(() => null);
        if (facts)
          found.push({
            path,
            dir,
            fileName: entry.name,
            sizeBytes: facts.size,
            modifiedMs: facts.mtimeMs,
            // Some file systems report no inode (0): such a file is known by its path alone.
            fileId: facts.ino > 0 ? `${facts.dev}:${facts.ino}` : null,
          });
      }
    }
  }
  await walk(root, 0);
  return found;
}
