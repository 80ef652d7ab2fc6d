// The library on real files: scan facts, pairing, partial downloads and broken
// files, folder checks, and the file browser.
import { copyFile, mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleModel, sampleProjector } from '@test-support/hf/gguf-samples';
import { testAssets } from '@test-support/test-assets';
import { openSettingsStore } from '../settings/settings-store';
import { createModelLibrary, type ModelLibrary } from './model-library-service';
import { appFailureOf } from '@test-support/app-failure';

let root: string;
let library: ModelLibrary;
let userFolder: string;
let defaultFolder: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'eva-library-'));
  userFolder = join(root, 'my-models');
  defaultFolder = join(root, 'data', 'models');
  await mkdir(join(userFolder, 'vision'), { recursive: true });
  await mkdir(join(userFolder, '.hidden'), { recursive: true });
  await mkdir(join(userFolder, 'split'), { recursive: true });
  await mkdir(defaultFolder, { recursive: true });
  await copyFile(testAssets.tinyModel, join(userFolder, 'tiny-llama.gguf'));
  await writeFile(
    join(userFolder, 'vision', 'gemma-3-4b-it-Q4_K_M.gguf'),
    sampleModel({ name: 'Gemma Sample', fileType: 15, sizeLabel: '4B', context: 131072 }),
  );
  await writeFile(join(userFolder, 'vision', 'mmproj-gemma-3-4b-it-f16.gguf'), sampleProjector());
  await writeFile(join(userFolder, 'vision', 'half-done-Q8_0.gguf.part'), sampleModel().subarray(0, 100));
  await writeFile(join(userFolder, 'broken-Q5_K_M.gguf'), Buffer.from('this is not a model at all, just text'));
  await writeFile(join(userFolder, 'cut-short.gguf'), sampleModel({ padFloats: 4096 }).subarray(0, 700));
  await writeFile(join(userFolder, '.hidden', 'secret.gguf'), sampleModel());
  await writeFile(join(userFolder, 'split', 'big-Q8_0-00001-of-00003.gguf'), sampleModel({ name: 'Big Split' }));
  await writeFile(join(userFolder, 'split', 'big-Q8_0-00002-of-00003.gguf'), Buffer.alloc(64));
  await writeFile(join(defaultFolder, 'downloaded-IQ4_XS.gguf'), sampleModel());
  const settings = await openSettingsStore(join(root, 'data'), () => {});
  await settings.update({ models: { folders: [userFolder] } });
  library = createModelLibrary({
    settings,
    defaultFolder,
    homeDir: root,
    emitDownload: () => {},
    machineRoom: async () => ({ backend: 'cpu', gpus: [], freeRamBytes: 8e9 }),
  });
});

describe('library scan', () => {
  it('reads the facts of every model under the library folders and the download folder', async () => {
    const listing = await library.list();
    expect(listing.folders).toEqual([userFolder]);
    expect(listing.downloadFolder).toBe(userFolder);
    const byName = new Map(listing.models.map((m) => [m.fileName, m]));
    expect([...byName.keys()].sort()).toEqual(
      [
        'big-Q8_0-00001-of-00003.gguf',
        'broken-Q5_K_M.gguf',
        'cut-short.gguf',
        'downloaded-IQ4_XS.gguf',
        'gemma-3-4b-it-Q4_K_M.gguf',
        'mmproj-gemma-3-4b-it-f16.gguf',
        'tiny-llama.gguf',
      ].sort(),
    );
    expect(byName.get('tiny-llama.gguf')).toMatchObject({
      architecture: 'llama',
      quantization: 'F16',
      contextLength: 2048,
      isProjector: false,
      problem: null,
      folder: userFolder,
    });
    expect(byName.get('gemma-3-4b-it-Q4_K_M.gguf')).toMatchObject({
      name: 'Gemma Sample',
      quantization: 'Q4_K_M',
      parameters: '4B',
      contextLength: 131072,
      problem: null,
    });
    expect(byName.get('downloaded-IQ4_XS.gguf')).toMatchObject({
      name: 'downloaded-IQ4_XS',
      quantization: 'IQ4_XS',
      folder: defaultFolder,
    });
  });

  it('pairs the projector with the model beside it and marks it as a projector', async () => {
    const { models } = await library.list();
    const model = models.find((m) => m.fileName === 'gemma-3-4b-it-Q4_K_M.gguf');
    const projector = models.find((m) => m.fileName === 'mmproj-gemma-3-4b-it-f16.gguf');
    expect(projector).toMatchObject({ isProjector: true, architecture: 'clip', quantization: 'F16', mmprojPath: null });
    expect(model?.mmprojPath).toBe(projector?.path);
    expect(models.find((m) => m.fileName === 'tiny-llama.gguf')?.mmprojPath).toBeNull();
  });

  it('says what is wrong with a broken or cut-short file instead of failing the scan', async () => {
    const { models } = await library.list();
    const broken = models.find((m) => m.fileName === 'broken-Q5_K_M.gguf');
    expect(broken).toMatchObject({ quantization: 'Q5_K_M', architecture: '' });
    expect(broken?.problem).toMatch(/^Not a GGUF file/);
    expect(models.find((m) => m.fileName === 'cut-short.gguf')?.problem).toMatch(/cut short|truncated|ends/i);
  });

  it('lists a split model once, by its first part, and names the missing parts', async () => {
    const { models } = await library.list();
    const split = models.filter((m) => m.fileName.startsWith('big-'));
    expect(split).toHaveLength(1);
    expect(split[0]?.name).toBe('Big Split');
    expect(split[0]?.problem).toContain('Part 3 of 3 is missing');
  });
});

describe('library folders', () => {
  it('refuses a folder that does not exist, a file, or a relative path, and saves nothing', async () => {
    expect((await appFailureOf(library.setFolders([join(root, 'nope')]))).details).toMatchObject({
      reason: 'folder_missing',
    });
    const file = await appFailureOf(library.setFolders([join(userFolder, 'tiny-llama.gguf')]));
    expect(file.message).toContain('is a file, not a folder');
    expect((await appFailureOf(library.setFolders(['relative/models']))).code).toBe('bad_request');
    expect((await library.list()).folders).toEqual([userFolder]);
  });

  it('saves good folders and rescans with them', async () => {
    const listing = await library.setFolders([join(userFolder, 'vision'), join(userFolder, 'vision')]);
    expect(listing.folders).toEqual([join(userFolder, 'vision')]);
    expect(listing.models.map((m) => m.fileName).sort()).toEqual([
      'downloaded-IQ4_XS.gguf',
      'gemma-3-4b-it-Q4_K_M.gguf',
      'mmproj-gemma-3-4b-it-f16.gguf',
    ]);
    await library.setFolders([userFolder], userFolder);
  });

  it('keeps the download folder when a folder is added, and moves it only when one is chosen', async () => {
    const added = await library.setFolders([userFolder, join(userFolder, 'vision')]);
    expect(added.downloadFolder).toBe(userFolder);
    const moved = await library.setFolders(added.folders, join(userFolder, 'vision'));
    expect(moved.downloadFolder).toBe(join(userFolder, 'vision'));
    expect((await library.setFolders([join(userFolder, 'vision'), userFolder])).downloadFolder).toBe(
      join(userFolder, 'vision'),
    );
    expect((await appFailureOf(library.setFolders([userFolder], join(root, 'elsewhere')))).details).toMatchObject({
      reason: 'download_folder_not_in_library',
    });
    // Removing the folder downloads go to sends them back to the default folder, said by the listing.
    const removed = await library.setFolders([userFolder]);
    expect(removed.downloadFolder).toBe(removed.defaultFolder);
    await library.setFolders([userFolder], userFolder);
  });
});

describe('file browser', () => {
  it('lists folders first, then .gguf files, without hidden entries or parts', async () => {
    await symlink(join(userFolder, 'vision'), join(userFolder, 'linked-vision'));
    await writeFile(join(userFolder, 'notes.txt'), 'not a model');
    const listing = await library.browse(userFolder);
    expect(listing.path).toBe(userFolder);
    expect(listing.parent).toBe(root);
    expect(listing.entries.map((e) => `${e.kind}:${e.name}`)).toEqual([
      'folder:linked-vision',
      'folder:split',
      'folder:vision',
      'gguf:broken-Q5_K_M.gguf',
      'gguf:cut-short.gguf',
      'gguf:tiny-llama.gguf',
    ]);
    expect(listing.entries.find((e) => e.name === 'tiny-llama.gguf')?.sizeBytes).toBe(9084768);
    expect(listing.places.map((p) => p.label)).toEqual(['Home', 'my-models']);
  });

  it('starts in the download folder (documents at home), reaches the root, and says when a folder cannot be opened', async () => {
    expect((await library.browse(undefined)).path).toBe(userFolder);
    expect((await library.browse(undefined, { files: 'all' })).path).toBe(root);
    expect((await library.browse('/')).parent).toBeNull();
    expect((await appFailureOf(library.browse(join(root, 'missing')))).code).toBe('not_found');
    expect((await appFailureOf(library.browse(join(userFolder, 'tiny-llama.gguf')))).details).toMatchObject({
      reason: 'not_a_folder',
    });
  });
});
