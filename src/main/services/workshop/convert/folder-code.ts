// Reads the Python a folder ships: every *.py file under it (a module may import
// its neighbours, in subfolders too), the auto_map entries of its JSON files, and
// one hash of those files, which is what a user's "run this code" names.
// folder-code-rules.ts decides what an entry is; this reads the disk.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { HfAutoMapEntry, HfFolderCode } from '@shared/workshop/convert-types';
import { ifExists } from '../../fs/if-exists';
import { autoMapEntriesOf, mentionsAutoMap } from './folder-code-rules';

// Deep enough for any package layout a model ships; bounded, as a folder of symlinks can loop.
const MAX_DEPTH = 6;
const MAX_ENTRIES = 20_000;
// tokenizer.json runs to tens of MB; a JSON file larger than this is listed as unread rather than parsed.
const MAX_JSON_BYTES = 256 * 1024 ** 2;

export async function readFolderCode(folderPath: string): Promise<HfFolderCode> {
  const pyFiles = (await walk(folderPath)).sort();
  const autoMap: HfAutoMapEntry[] = [];
  const jsonWithMap: string[] = [];
  const names = (await ifExists(readdir(folderPath))) ?? [];
  for (const name of names.filter((n) => n.toLowerCase().endsWith('.json')).sort()) {
    const entries = await autoMapOf(folderPath, name);
    if (entries.length === 0) continue;
    autoMap.push(...entries);
    jsonWithMap.push(name);
  }
  const hashed = [...new Set([...pyFiles, ...jsonWithMap])].sort();
  return { pyFiles, autoMap, hash: hashed.length > 0 ? await hashFiles(folderPath, hashed) : null };
}

/**
 * The *.py files under the folder, relative to it, symlinks followed. A part that cannot be read is an error, not an
 * empty folder: the list is what the user is asked to trust, so it may not leave code out.
 */
async function walk(root: string): Promise<string[]> {
  const found: string[] = [];
  let seen = 0;
  const visit = async (relative: string, depth: number): Promise<void> => {
    const entries = (await ifExists(readdir(join(root, relative), { withFileTypes: true }))) ?? [];
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return;
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      const info = entry.isSymbolicLink() ? await ifExists(stat(join(root, path))) : entry;
      if (info?.isDirectory() && depth < MAX_DEPTH) await visit(path, depth + 1);
      else if (info?.isFile() && entry.name.toLowerCase().endsWith('.py')) found.push(path);
    }
  };
  await visit('', 0);
  return found;
}

async function autoMapOf(folderPath: string, name: string): Promise<HfAutoMapEntry[]> {
  const path = join(folderPath, name);
  const info = await ifExists(stat(path));
  if (!info?.isFile()) return [];
  if (info.size > MAX_JSON_BYTES) return [{ file: name, loader: null, ref: null }];
  const text = (await ifExists(readFile(path, 'utf8'))) ?? '';
  try {
    return autoMapEntriesOf(name, JSON.parse(text));
  } catch {
    return mentionsAutoMap(text) ? [{ file: name, loader: null, ref: null }] : [];
  }
}

/** Each file's name and contents, streamed (a JSON file may be large); one that cannot be read counts as empty. */
async function hashFiles(folderPath: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    const content = createHash('sha256');
    try {
      for await (const chunk of createReadStream(join(folderPath, file))) content.update(chunk as Buffer);
    } catch {
      // Unreadable now: the run would find it so too.
    }
    hash.update(`${file}\0${content.digest('hex')}\n`);
  }
  return hash.digest('hex');
}
