import { describe, expect, it } from 'vitest';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { createLinkStore } from './link-store';

async function setup() {
  const api = createMemoryPlatform();
  const app = createSettingsStore(api);
  await app.refresh();
  const links = createLinkStore({ api, app });
  await links.refresh();
  return { api, app, links };
}

describe('link store', () => {
  it('starts from the first preset when nothing is saved', async () => {
    const { links } = await setup();
    expect(links.store.getState()).toMatchObject({
      loaded: true,
      profiles: [],
      protection: 'memory only (demo)',
      form: { presetId: 'openai', name: 'OpenAI' },
    });
  });

  it('lists models on a good test and shows the error of a bad one', async () => {
    const { links } = await setup();
    await links.test();
    expect(links.store.getState().models).toEqual(['demo-chat', 'demo-reasoner', 'demo-vision']);
    links.edit({ baseUrl: 'https://fail.example.com/v1' });
    await links.test();
    expect(links.store.getState()).toMatchObject({ models: null, error: { code: 'endpoint_error' } });
  });

  it('saves with the typed key, then shows the key as stored and never holds it', async () => {
    const { api, links } = await setup();
    links.edit({ apiKey: 'sk-secret' });
    const saved = await links.save();
    expect(saved).toMatchObject({ name: 'OpenAI', hasKey: true });
    expect(links.store.getState().form).toMatchObject({ id: saved?.id, apiKey: '', keyAction: 'keep', hasKey: true });
    expect(JSON.stringify(links.store.getState())).not.toContain('sk-secret');
    expect(api.calls.find((c) => c.channel === 'link:save')?.input).toMatchObject({ apiKey: 'sk-secret' });
  });

  it('refuses to save a form with errors, per field', async () => {
    const { links } = await setup();
    links.edit({ name: ' ', baseUrl: 'not a url' });
    expect(await links.save()).toBeNull();
    expect(Object.keys(links.store.getState().fieldErrors).sort()).toEqual(['baseUrl', 'name']);
  });

  it('"use" saves and points the chat at the profile; deleting it falls back to local', async () => {
    const { app, links } = await setup();
    expect(await links.use()).toBe(true);
    const id = links.store.getState().form.id ?? '';
    expect(app.store.getState().settings?.chat.endpoint).toEqual({ kind: 'link', linkId: id });
    expect(app.store.getState().settings?.links.map((l) => l.id)).toEqual([id]);
    await links.remove(id);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(links.store.getState().profiles).toEqual([]);
    expect(app.store.getState().settings?.chat.endpoint).toEqual({ kind: 'local' });
  });

  it('removes a stored key with null', async () => {
    const { api, links } = await setup();
    links.edit({ apiKey: 'k' });
    await links.save();
    links.setKeyAction('remove');
    const saved = await links.save();
    expect(saved?.hasKey).toBe(false);
    expect(api.calls.filter((c) => c.channel === 'link:save').at(-1)?.input).toMatchObject({ apiKey: null });
  });
});
