// The server-side file browser on a real folder: models only by default, every
// file when the knowledge base asks for documents; hidden entries when asked for;
// a typed `~/…` path; where a listing opens without a path.
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
      (await browseFolder(dir, places, { files })).entries.map((e) => [e.name, e.kind]);
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

  it('shows dot-folders and dot-files only when hidden entries are asked for', async () => {
    dir = await mkdtemp(join(tmpdir(), 'eva-browse-'));
    await mkdir(join(dir, '.cache'));
    await mkdir(join(dir, 'models'));
    await writeFile(join(dir, '.secret.gguf'), 'x');
    const places = { homeDir: dir, libraryFolders: [], downloadFolder: dir, platform: 'linux' as const };
    const names = async (hidden?: boolean) => (await browseFolder(dir, places, { hidden })).entries.map((e) => e.name);
    expect(await names()).toEqual(['models']);
    expect(await names(true)).toEqual(['.cache', 'models', '.secret.gguf']);
  });

  it('opens a typed ~/ path under the home folder, and says a relative or missing one in words', async () => {
    dir = await mkdtemp(join(tmpdir(), 'eva-browse-'));
    await mkdir(join(dir, 'llm', 'gguf'), { recursive: true });
    const places = { homeDir: dir, libraryFolders: [], downloadFolder: dir, platform: 'linux' as const };
    expect((await browseFolder('~/llm/gguf', places)).path).toBe(join(dir, 'llm', 'gguf'));
    expect((await browseFolder('~', places)).path).toBe(dir);
    await expect(browseFolder('llm/gguf', places)).rejects.toMatchObject({
      code: 'bad_request',
      details: { reason: 'not_absolute', path: 'llm/gguf' },
    });
    await expect(browseFolder('~/nowhere', places)).rejects.toMatchObject({
      code: 'not_found',
      details: { reason: 'folder_missing', path: join(dir, 'nowhere') },
    });
  });

  it('opens a model listing in the download folder and a document listing in the home folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'eva-browse-'));
    const models = join(dir, 'data', 'models');
    await mkdir(models, { recursive: true });
    const places = { homeDir: dir, libraryFolders: [], downloadFolder: models, platform: 'linux' as const };
    expect((await browseFolder(undefined, places)).path).toBe(models);
    expect((await browseFolder(undefined, places, { files: 'all' })).path).toBe(dir);
    // Before the download folder is made, home is where a listing can open.
    const unmade = { ...places, downloadFolder: join(dir, 'not-yet') };
    expect((await browseFolder(undefined, unmade)).path).toBe(dir);
  });
});
