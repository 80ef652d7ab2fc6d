// The Local API store on the in-memory platform: the status follows `local-api:state`, each answered request
// (`local-api:request`) goes on top of the log and into its key's totals, a new key's secret is held only while its
// dialog is open and is the key the Test uses then, a revoked key stays listed with its time, a log entry opens with
// its bodies, and the parallel slots are the app's `load.parallel`, handed to the Local API at once.
import { describe, expect, it } from 'vitest';
import type { LocalApiLogEntry } from '@shared/local-api/local-api-types';
import { createSettingsStore } from '@renderer/features/settings/settings-store';
import { createMemoryPlatform } from '@renderer/platform/memory-platform';
import { createLocalApiStore } from './local-api-store';
import { LOG_ROWS, withEntry, withTotals } from './local-api-log';

async function setup() {
  const api = createMemoryPlatform({ now: () => 1_700_000_000_000 });
  const settings = createSettingsStore(api);
  await settings.refresh();
  const store = createLocalApiStore({
    api,
    app: { settings: () => settings.store.getState().settings, updateSettings: settings.updateSettings },
  });
  const stop = store.start();
  await store.refresh();
  return { api, store, stop, settings };
}

const entry = (id: number, keyName: string | null, promptTokens: number | null = 3): LocalApiLogEntry => ({
  id,
  startedAt: id,
  keyName,
  method: 'POST',
  path: '/v1/chat/completions',
  model: 'm',
  status: 200,
  durationMs: 12,
  promptTokens,
  completionTokens: 2,
});

describe('the Local API store', () => {
  it('starts and stops the server, and follows the state the core announces', async () => {
    const { api, store } = await setup();
    expect(store.state.getState().status?.state).toBe('stopped');
    await store.startServer();
    expect(store.state.getState().status).toMatchObject({ state: 'running', baseUrl: 'http://127.0.0.1:41400/v1' });
    api.emit('local-api:state', { ...store.state.getState().status!, inFlight: 1, queued: 2 });
    expect(store.state.getState().status).toMatchObject({ inFlight: 1, queued: 2 });
    await store.stopServer();
    expect(store.state.getState().status?.state).toBe('stopped');
  });

  it('puts each answered request on top of the log and counts it for its key', async () => {
    const { api, store, stop } = await setup();
    api.emit('local-api:request', entry(1, 'script'));
    api.emit('local-api:request', entry(2, null));
    api.emit('local-api:request', entry(3, 'script', null));
    const { entries, totals } = store.state.getState();
    expect(entries.map((kept) => kept.id)).toEqual([3, 2, 1]);
    expect(totals).toEqual([{ keyName: 'script', requests: 2, promptTokens: 3, completionTokens: 4 }]);
    stop();
    api.emit('local-api:request', entry(4, 'script'));
    expect(store.state.getState().entries).toHaveLength(3);
  });

  it('holds a new key’s secret while its dialog is open, tests with it, and forgets it on close', async () => {
    const { api, store } = await setup();
    await store.startServer();
    expect(await store.createKey('  my script ', ['tiny'])).toBe(true);
    const { created, keys } = store.state.getState();
    expect(created?.key).toMatchObject({ name: 'my script', allowedModels: ['tiny'], revokedAt: null });
    expect(created?.secret).toMatch(/^eva-/);
    expect(keys.map((key) => key.name)).toEqual(['my script']);
    await store.test();
    expect(api.calls.filter((call) => call.channel === 'local-api:test').map((call) => call.input)).toEqual([
      { key: created!.secret },
    ]);
    expect(store.state.getState().tested).toMatchObject({ ok: true, models: [] });
    expect(store.state.getState().entries[0]).toMatchObject({ keyName: 'my script', path: '/v1/models' });
    store.closeCreated();
    expect(store.state.getState()).toMatchObject({ created: null, tested: null });
    await store.test();
    expect(api.calls.filter((call) => call.channel === 'local-api:test').at(-1)?.input).toEqual({});
  });

  it('shows why a Test could not run, and a failed call leaves the page as it was', async () => {
    const { store } = await setup();
    await store.test();
    expect(store.state.getState()).toMatchObject({ testing: false, tested: null, error: { code: 'bad_request' } });
    expect(await store.createKey('x'.repeat(101), [])).toBe(false);
    expect(store.state.getState()).toMatchObject({ keys: [], created: null, error: { code: 'bad_request' } });
  });

  it('keeps a revoked key listed with the time it was revoked', async () => {
    const { store } = await setup();
    await store.createKey('old', []);
    store.closeCreated();
    const id = store.state.getState().keys[0]!.id;
    await store.revokeKey(id);
    expect(store.state.getState().keys).toEqual([expect.objectContaining({ id, revokedAt: 1_700_000_000_000 })]);
  });

  it('opens a log entry with its bodies, as the core keeps them', async () => {
    const { api, store } = await setup();
    await store.startServer();
    await store.updateSettings({ keepBodies: true });
    await store.test();
    const listed = store.state.getState().entries[0]!;
    expect(listed.responseBody).toBeUndefined();
    await store.openEntry(listed.id);
    expect(store.state.getState().entry).toMatchObject({ id: listed.id, responseBody: '{"data":[]}' });
    store.closeEntry();
    expect(store.state.getState().entry).toBeNull();
    expect(api.calls.map((call) => call.channel)).toContain('local-api:log-entry');
  });

  it('changes the app’s parallel slots once, through the settings the core’s Local API follows', async () => {
    const { api, store, settings } = await setup();
    await store.setParallel(4);
    expect(settings.store.getState().settings?.load.parallel).toBe(4);
    expect(api.calls.at(-1)).toMatchObject({ channel: 'settings:update', input: { load: { parallel: 4 } } });
    await store.setParallel(4);
    expect(api.calls.filter((call) => call.channel === 'settings:update')).toHaveLength(1);
  });

  it('lists the link profiles the API may share, by id, name and model', async () => {
    const { api, store } = await setup();
    api.handle('link:list', () => ({
      ok: true,
      value: {
        profiles: [
          { id: 'l1', name: 'Cloud', presetId: 'custom', baseUrl: 'https://x.example/v1', model: 'big', hasKey: true },
        ],
        presets: [],
        protection: 'test',
      },
    }));
    await store.refresh();
    expect(store.state.getState().links).toEqual([{ id: 'l1', name: 'Cloud', model: 'big' }]);
  });
});

describe('the page’s own log', () => {
  it('keeps as many rows as the core, and replaces an entry it already has', () => {
    let entries: LocalApiLogEntry[] = [];
    for (let id = 1; id <= LOG_ROWS + 2; id += 1) entries = withEntry(entries, entry(id, 'k'));
    expect(entries).toHaveLength(LOG_ROWS);
    expect(entries[0]?.id).toBe(LOG_ROWS + 2);
    expect(withEntry(entries, { ...entry(LOG_ROWS + 2, 'k'), status: 500 })[0]?.status).toBe(500);
    expect(withEntry(entries, entry(LOG_ROWS + 2, 'k'))).toHaveLength(LOG_ROWS);
  });

  it('adds a request to its key’s totals, a new key last, and none without a key', () => {
    const totals = withTotals([{ keyName: 'a', requests: 1, promptTokens: 1, completionTokens: 1 }], entry(1, 'b'));
    expect(totals.map((total) => total.keyName)).toEqual(['a', 'b']);
    expect(withTotals(totals, entry(2, 'a'))[0]).toEqual({
      keyName: 'a',
      requests: 2,
      promptTokens: 4,
      completionTokens: 3,
    });
    expect(withTotals(totals, entry(3, null))).toEqual(totals);
  });
});
