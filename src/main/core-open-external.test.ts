// `app:open-external` through the core: only a checked http(s)/mailto link reaches
// the opener. Electron's shell.openExternal cannot run here, so a recording
// stand-in takes its place (the test says so in its name).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeChannels } from '@shared/contract';
import { testAssets } from '@test-support/test-assets';
import { createCore, type Core } from './core';

const opened: string[] = [];
let core: Core;
let browserCore: Core;

beforeAll(async () => {
  const base = { version: '0', binDirs: [testAssets.binDir], systemLanguage: 'en' } as const;
  core = await createCore({
    ...base,
    host: 'electron',
    dataDir: await mkdtemp(join(tmpdir(), 'eva-open-')),
    openExternal: async (url) => void opened.push(url),
  });
  browserCore = await createCore({
    ...base,
    host: 'browser',
    dataDir: await mkdtemp(join(tmpdir(), 'eva-open-browser-')),
  });
});
afterAll(async () => {
  await core.dispose();
  await browserCore.dispose();
});

describe('app:open-external (stand-in for Electron shell.openExternal)', () => {
  it('opens a checked web or mail link, normalised', async () => {
    await expect(core.handlers['app:open-external']({ url: 'https://Example.com/a b' })).resolves.toEqual({
      opened: true,
    });
    await expect(core.handlers['app:open-external']({ url: 'mailto:eva@example.com' })).resolves.toEqual({
      opened: true,
    });
    expect(opened).toEqual(['https://example.com/a%20b', 'mailto:eva@example.com']);
  });

  it('refuses any other link in the core, even if the contract check were skipped', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'smb://host/share', 'relative.html']) {
      await expect(core.handlers['app:open-external']({ url })).rejects.toMatchObject({ code: 'bad_request' });
      expect(invokeChannels['app:open-external'].input.safeParse({ url }).success, url).toBe(false);
    }
    expect(opened).toHaveLength(2);
  });

  it('in the browser host it opens nothing itself: the page opens a tab', async () => {
    await expect(browserCore.handlers['app:open-external']({ url: 'https://example.com/' })).resolves.toEqual({
      opened: false,
    });
  });
});
