// Through the core, with the real llama-server: the user's key for network clients
// is sealed in the secret store, never in settings.json or the renderer's view; a
// key an older version left in settings.json in plain text is moved there once.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackendLoadSchema } from '@shared/contract';
import { defaultSettings } from '@shared/default-settings';
import { testAssets } from '@test-support/test-assets';
import type { Core } from './core';
import { createTestCore } from '@test-support/test-core';

const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
});

async function openCore(dataDir: string): Promise<Core> {
  const core = await createTestCore(dataDir);
  cores.push(core);
  return core;
}

const load = { ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 512 };
const KEY = 'my-lan-key-$ecret!';

async function modelsStatus(core: Core, key: string): Promise<number> {
  const port = core.backend.getStatus().port;
  return (await fetch(`http://127.0.0.1:${port}/v1/models`, { headers: { Authorization: `Bearer ${key}` } })).status;
}

describe("the local server's API key", () => {
  it('is refused by the contract unless a client could send it in a header', () => {
    for (const apiKey of ['Ωmega', 'two words', 'tab\tkey', ''])
      expect(BackendLoadSchema.safeParse({ ...load, apiKey }).success, apiKey).toBe(false);
    expect(BackendLoadSchema.safeParse({ ...load, apiKey: KEY }).success).toBe(true);
  });

  it('is sealed, kept across restarts of the app, never written in plain text, and can be removed', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'eva-core-key-'));
    const core = await openCore(dataDir);
    expect(await core.handlers['backend:api-key'](undefined)).toEqual({
      hasKey: false,
      protection: expect.any(String),
    });
    await core.handlers['settings:update']({ load: { ...load, exposeOnNetwork: true } });
    await core.handlers['backend:load']({ ...load, exposeOnNetwork: true, apiKey: KEY });
    expect(await modelsStatus(core, KEY)).toBe(200);
    expect(await core.handlers['backend:api-key'](undefined)).toMatchObject({ hasKey: true });
    for (const file of ['settings.json', 'secrets.json'])
      expect(await readFile(join(dataDir, file), 'utf8')).not.toContain('my-lan-key');
    expect(JSON.stringify(await core.handlers['settings:get'](undefined))).not.toContain('my-lan-key');
    await core.dispose();
    cores.length = 0;

    const next = await openCore(dataDir);
    // No key in the request: the stored one is kept.
    await next.handlers['backend:load']({ ...load, exposeOnNetwork: true });
    expect(await modelsStatus(next, KEY)).toBe(200);
    // Removing it while exposed is refused, and the key is kept: nobody on the network could use the server.
    await expect(next.handlers['backend:load']({ ...load, exposeOnNetwork: true, apiKey: null })).rejects.toMatchObject(
      { code: 'bad_request' },
    );
    expect(await next.handlers['backend:api-key'](undefined)).toMatchObject({ hasKey: true });
    await next.handlers['backend:load']({ ...load, exposeOnNetwork: false, apiKey: null });
    expect(await next.handlers['backend:api-key'](undefined)).toMatchObject({ hasKey: false });
    expect(await modelsStatus(next, KEY)).toBe(401);
    await expect(next.handlers['backend:load']({ ...load, exposeOnNetwork: true })).rejects.toMatchObject({
      code: 'bad_request',
    });
  });

  it('moves a plain key an older version wrote in settings.json into the secret store', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'eva-core-legacy-'));
    const old = { ...defaultSettings(), load: { ...defaultSettings().load, apiKey: KEY, slots: true } };
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify(old));
    const core = await openCore(dataDir);
    expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).not.toContain('my-lan-key');
    expect(await core.handlers['backend:api-key'](undefined)).toMatchObject({ hasKey: true });
    await core.handlers['backend:load']({ ...load, exposeOnNetwork: true });
    expect(await modelsStatus(core, KEY)).toBe(200);
  });
});
