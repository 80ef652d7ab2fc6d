// The files under a folder that the knowledge base may read: hidden folders and
// dependency folders skipped, symlinks not followed (no loops, no escapes).
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', '__pycache__', 'target', 'dist', 'build', 'out', 'venv']);

/** Every regular file under `path` (itself, if it is a file), at most `limit`. */
export async function walkFiles(path: string, limit = 100_000): Promise<string[]> {
  const info = await lstat(path);
  if (info.isFile()) return [path];
  const out: string[] = [];
  const stack = [path];
  while (stack.length > 0 && out.length < limit) {
    const dir = stack.pop()!;
    // A folder brings what can be read (as markPathsQueued says): one unreadable subfolder must not keep the rest
    // out. The folder named itself is checked by the lstat above, whose failure reaches the caller.
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) stack.push(full);
      } else if (entry.isFile()) out.push(full);
    }
  }
  return out.slice(0, limit).sort();
}
