import { describe, expect, it } from 'vitest';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { createHeldEndpoint } from './held-endpoint';

async function setup() {
  const api = createMemoryPlatform();
  const app = createSettingsStore(api);
  const saved = await api.invoke('link:save', {
    profile: { name: 'Work', presetId: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm' },
  });
  await app.refresh();
  return { api, app, held: createHeldEndpoint(app), linkId: saved.ok ? saved.value.id : '' };
}

const meta = (endpoint: { kind: 'local' | 'link'; linkId?: string }) => ({
  endpoint: { baseUrl: '', model: '', ...endpoint },
});

describe('held endpoint', () => {
  it("offers one of the user's own endpoints that is not in use, and nothing else", async () => {
    const { held, linkId } = await setup();
    held.opened(meta({ kind: 'link', linkId }));
    expect(held.offer.getState()).toEqual({ kind: 'link', linkId });
    // A link profile the user does not have (a crafted or foreign file): nothing to offer.
    held.opened(meta({ kind: 'link', linkId: 'someone-elses' }));
    expect(held.offer.getState()).toBeNull();
    held.opened(meta({ kind: 'local' }));
    expect(held.offer.getState()).toBeNull();
  });

  it('withdraws the offer when the user switches to that endpoint some other way', async () => {
    const { app, held, linkId } = await setup();
    const stop = held.start();
    held.opened(meta({ kind: 'link', linkId }));
    await app.updateSettings({ chat: { endpoint: { kind: 'link', linkId } } });
    expect(held.offer.getState()).toBeNull();
    stop();
  });
});
