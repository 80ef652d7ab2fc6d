// The server-side file browser on a real folder: models only by default, every
// file when the knowledge base asks for documents; hidden entries never.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { browseFolder } from './browse-folder';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('browseFolder', () => {
  it('lists folders and .gguf files, or every file when asked for all', async () => {
    dir = await mkdtemp(join(tmpdir(), 'eva-browse-'));
    await mkdir(join(dir, 'sub'));
    await writeFile(join(dir, 'model.gguf'), 'x');
    await writeFile(join(dir, 'notes.md'), '# notes');
    await writeFile(join(dir, '.hidden.txt'), 'secret');
    const places = { homeDir: dir, libraryFolders: [], downloadFolder: dir, platform: 'linux' as const };
    const shown = async (files?: 'gguf' | 'all') =>
      (await browseFolder(dir, places, files)).entries.map((e) => [e.name, e.kind]);
    expect(await shown()).toEqual([
      ['sub', 'folder'],
      ['model.gguf', 'gguf'],
    ]);
    expect(await shown('all')).toEqual([
      ['sub', 'folder'],
      ['model.gguf', 'gguf'],
      ['notes.md', 'file'],
    ]);
  });
});
