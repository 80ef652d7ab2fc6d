// `app:open-folder` through the core: only the folders the Settings page shows
// reach the opener, each as a folder on disk. Electron's shell.openPath cannot
// run here, so a recording stand-in takes its place (the test says so in its
// name); the browser host's opener, a real process, is core-open-folder.integration.test.ts.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testAssets } from '@test-support/test-assets';
import { createCore, type Core } from './core';

const opened: string[] = [];
let answer = '';
let core: Core;
let dataDir: string;
let elsewhere: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'eva-open-folder-'));
  elsewhere = await mkdtemp(join(tmpdir(), 'eva-open-folder-elsewhere-'));
  core = await createCore({
    version: '0',
    binDirs: [testAssets.binDir],
    systemLanguage: 'en',
    host: 'electron',
    dataDir,
    openFolder: async (path) => {
      opened.push(path);
      return answer;
    },
  });
});
afterAll(async () => {
  await core.dispose();
  await rm(elsewhere, { recursive: true, force: true });
});
beforeEach(() => {
  opened.length = 0;
  answer = '';
});

const open = (path: string) => core.handlers['app:open-folder']({ path });

describe('app:open-folder (stand-in for Electron shell.openPath)', () => {
  it("opens the data folder and EVA's own folders in it, making those not made yet", async () => {
    for (const folder of [dataDir, join(dataDir, 'logs'), join(dataDir, 'models'), join(dataDir, 'workspace')])
      await expect(open(folder)).resolves.toEqual({ path: folder });
    await expect(open(`${dataDir}/logs/`)).resolves.toEqual({ path: join(dataDir, 'logs') });
    expect(opened).toEqual([
      dataDir,
      join(dataDir, 'logs'),
      join(dataDir, 'models'),
      join(dataDir, 'workspace'),
      join(dataDir, 'logs'),
    ]);
  });

  it('opens a model folder and a workspace once the settings name them, and not before', async () => {
    const models = join(elsewhere, 'models');
    const work = join(elsewhere, 'work');
    await Promise.all([mkdir(models), mkdir(work)]);
    await expect(open(models)).rejects.toMatchObject({ details: { reason: 'open_folder_not_shown' } });
    await core.handlers['settings:update']({ models: { folders: [models] }, tools: { workspaceDir: work } });
    await expect(open(models)).resolves.toEqual({ path: models });
    await expect(open(work)).resolves.toEqual({ path: work });
    expect(opened).toEqual([models, work]);
    await core.handlers['settings:update']({ models: { folders: [] }, tools: { workspaceDir: '' } });
  });

  it('refuses any other folder, a relative path and one that climbs out, opening nothing', async () => {
    for (const path of [elsewhere, tmpdir(), join(dataDir, 'history'), 'logs', join(dataDir, 'logs', '..', '..')])
      await expect(open(path), path).rejects.toMatchObject({
        code: 'forbidden',
        details: { reason: 'open_folder_not_shown', path },
      });
    expect(opened).toEqual([]);
  });

  it('says so when a folder the settings name is gone or is a file', async () => {
    const gone = join(elsewhere, 'unplugged');
    const file = join(elsewhere, 'notes.txt');
    await writeFile(file, 'not a folder');
    await core.handlers['settings:update']({ models: { folders: [gone] }, tools: { workspaceDir: file } });
    await expect(open(gone)).rejects.toMatchObject({ code: 'not_found', details: { reason: 'open_folder_missing' } });
    await expect(open(file)).rejects.toMatchObject({ code: 'bad_request', details: { reason: 'not_a_folder' } });
    expect(opened).toEqual([]);
    await core.handlers['settings:update']({ models: { folders: [] }, tools: { workspaceDir: '' } });
  });

  it("carries the system's own reason when shell.openPath could not open the folder", async () => {
    answer = 'Failed to open: no handler';
    await expect(open(dataDir)).rejects.toMatchObject({
      message: `the system could not open ${dataDir}: Failed to open: no handler`,
      details: { reason: 'open_folder_refused', path: dataDir, said: 'Failed to open: no handler' },
    });
  });
});
