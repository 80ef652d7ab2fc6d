import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SettingsPatch } from '@shared/contract';
import { DEFAULT_HUB_ENDPOINT } from '@shared/models/model-library';
import { toAppError } from '@shared/errors';
import { openSettings } from './settings-module';

async function opened() {
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-settings-module-'));
  const module = await openSettings({ dataDir, notify: () => {} });
  return { dataDir, module, update: (patch: SettingsPatch) => module.handlers['settings:update'](patch) };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).not.toBeNull();
  return toAppError(error);
}

describe('settings module validation', () => {
  it('saves a new hub address without spaces or a trailing slash, and tells its followers', async () => {
    const { dataDir, module, update } = await opened();
    const heard: string[] = [];
    module.follow((patch, next) => void heard.push(`${patch.models?.hubEndpoint} ${next.models.hubEndpoint}`));
    const next = await update({ models: { hubEndpoint: '  https://hf-mirror.com/  ' } });
    expect(next.models.hubEndpoint).toBe('https://hf-mirror.com');
    expect(heard).toEqual(['https://hf-mirror.com https://hf-mirror.com']);
    const onDisk = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'));
    expect(onDisk.models.hubEndpoint).toBe('https://hf-mirror.com');
    expect(module.store.get().models.hubEndpoint).toBe('https://hf-mirror.com');
  });

  it.each([
    ['ftp://hub.example.com', 'hub_url_scheme', /http:\/\/ or https:\/\//],
    ['javascript:alert(1)', 'hub_url_scheme', /http:\/\/ or https:\/\//],
    ['huggingface.co', 'hub_url_invalid', /not a web address/],
    ['   ', 'hub_url_empty', /empty/],
    ['https://user:secret@hub.example.com', 'hub_url_credentials', /user name or password/],
  ])('refuses the hub address %j in words (%s) and keeps the old one', async (address, reason, words) => {
    const { module, update } = await opened();
    const error = await refusal(update({ models: { hubEndpoint: address } }));
    expect(error).toMatchObject({ code: 'bad_request', details: { field: 'models.hubEndpoint', reason } });
    expect(error.message).toMatch(words);
    expect(module.store.get().models.hubEndpoint).toBe(DEFAULT_HUB_ENDPOINT);
  });

  it('refuses a relative workspace folder and accepts an absolute one or empty (the default)', async () => {
    const { module, update } = await opened();
    const error = await refusal(update({ tools: { workspaceDir: 'work/here' } }));
    expect(error).toMatchObject({ code: 'bad_request', details: { field: 'tools.workspaceDir' } });
    expect(error.message).toMatch(/absolute path/);
    expect(module.store.get().tools.workspaceDir).toBe('');
    await update({ tools: { workspaceDir: ' /home/me/agent ' } });
    expect(module.store.get().tools.workspaceDir).toBe('/home/me/agent');
    await update({ tools: { workspaceDir: 'C:\\Users\\me\\agent' } });
    expect(module.store.get().tools.workspaceDir).toBe('C:\\Users\\me\\agent');
    await update({ tools: { workspaceDir: '' } });
    expect(module.store.get().tools.workspaceDir).toBe('');
  });

  it('a refused patch saves none of its other fields', async () => {
    const { module, update } = await opened();
    await refusal(update({ language: 'zh', models: { hubEndpoint: 'not a url' } }));
    expect(module.store.get().language).toBe('auto');
  });
});
