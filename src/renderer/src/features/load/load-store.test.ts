import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPlatform, memoryDefaultSettings } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { createLoadStore } from './load-store';

const GPU = { name: 'RTX', totalMiB: 24_000, freeMiB: 23_000, source: 'nvidia-smi' as const };

async function setup(modelPath = '/m/qwen.gguf') {
  const settings = memoryDefaultSettings();
  settings.load.modelPath = modelPath;
  const api = createMemoryPlatform({ settings, gpus: [GPU] });
  const app = createSettingsStore(api);
  await app.refresh();
  const load = createLoadStore({ api, app, inspectDelayMs: 300, now: () => 5000 });
  return { api, app, load };
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('load store', () => {
  it('opens with the saved settings and inspects the saved model at once', async () => {
    const { load } = await setup();
    load.open();
    expect(load.store.getState()).toMatchObject({
      open: true,
      form: { modelPath: '/m/qwen.gguf', contextSize: '4096', gpuLayers: 'auto', port: '' },
    });
    await flush();
    expect(load.store.getState().inspect).toMatchObject({ status: 'done', estimate: { gpuLayers: 29, maxLayers: 29 } });
  });

  it('opened before the settings arrived (a key pressed as the page loads), it fills the form when they do', async () => {
    const settings = memoryDefaultSettings();
    settings.load.modelPath = '/m/qwen.gguf';
    const api = createMemoryPlatform({ settings, gpus: [GPU] });
    const app = createSettingsStore(api);
    const load = createLoadStore({ api, app, inspectDelayMs: 300, now: () => 5000 });
    load.open();
    expect(load.store.getState().form).toBeNull();
    await app.refresh();
    expect(load.store.getState().form).toMatchObject({ modelPath: '/m/qwen.gguf' });
    await flush();
    expect(load.store.getState().inspect).toMatchObject({ status: 'done' });
  });

  it('debounces inspect while typing and keeps only the newest answer', async () => {
    const { api, load } = await setup('');
    load.open();
    await flush();
    expect(load.store.getState().inspect).toEqual({ status: 'idle' });
    load.edit({ modelPath: '/m/a' });
    vi.advanceTimersByTime(200);
    load.edit({ modelPath: '/m/a.gguf' });
    vi.advanceTimersByTime(299);
    expect(api.calls.filter((c) => c.channel === 'backend:inspect')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await flush();
    const inspects = api.calls.filter((c) => c.channel === 'backend:inspect');
    expect(inspects).toEqual([{ channel: 'backend:inspect', input: { modelPath: '/m/a.gguf', backend: 'auto' } }]);
    expect(load.store.getState().inspect).toMatchObject({ status: 'done', model: { name: 'a' } });
  });

  it('shows inspect errors (e.g. not a GGUF file)', async () => {
    const { load } = await setup('/m/readme.txt');
    load.open();
    await flush();
    expect(load.store.getState().inspect).toMatchObject({ status: 'error', error: { code: 'model_invalid' } });
  });

  it('drops an inspect answer that arrives after the path changed again', async () => {
    const { api, load } = await setup('');
    let answer: (value: unknown) => void = () => {};
    api.handle('backend:inspect', () => new Promise((resolve) => (answer = resolve as (value: unknown) => void)));
    load.open();
    load.edit({ modelPath: '/m/old.gguf' });
    vi.advanceTimersByTime(300);
    load.edit({ modelPath: '/m/new.gguf' });
    answer({ ok: false, error: { code: 'model_missing', message: 'old is gone' } });
    await flush();
    expect(load.store.getState().inspect.status).toBe('pending');
  });

  it('reports field errors and does not call the core when the form is invalid', async () => {
    const { api, load } = await setup();
    load.open();
    load.edit({ contextSize: 'lots', port: 'x' });
    expect(await load.submit()).toBe(false);
    expect(load.store.getState().fieldErrors).toEqual({
      contextSize: { key: 'load.error.wholeNumber' },
      port: { key: 'load.error.wholeNumber' },
    });
    expect(api.calls.some((c) => c.channel === 'backend:load' || c.channel === 'settings:update')).toBe(false);
    load.edit({ port: '' });
    expect(load.store.getState().fieldErrors).toEqual({ contextSize: { key: 'load.error.wholeNumber' } });
  });

  it('persists the form, loads with the full settings and closes on success', async () => {
    const { api, app, load } = await setup();
    load.open();
    load.edit({ contextSize: '8192', gpuLayers: '12', port: '' });
    const done = load.submit();
    expect(load.store.getState()).toMatchObject({ submitting: true, startedAt: 5000 });
    expect(await done).toBe(true);
    const expected = {
      ...memoryDefaultSettings().load,
      modelPath: '/m/qwen.gguf',
      contextSize: 8192,
      gpuLayers: 12,
      port: null,
    };
    expect(api.calls.filter((c) => c.channel === 'settings:update' || c.channel === 'backend:load')).toEqual([
      { channel: 'settings:update', input: { load: expected } },
      { channel: 'backend:load', input: expected },
    ]);
    expect(load.store.getState()).toMatchObject({ open: false, submitting: false, error: null });
    expect(app.store.getState().settings?.load.contextSize).toBe(8192);
    await flush();
    expect(app.store.getState().settings?.recentModels).toEqual(['/m/qwen.gguf']);
  });

  it('keeps the dialog open with the core error when the load fails', async () => {
    const { load } = await setup('/m/readme.txt');
    load.open();
    expect(await load.submit()).toBe(false);
    const state = load.store.getState();
    expect(state).toMatchObject({ open: true, submitting: false, error: { code: 'model_invalid' } });
    expect(state.error?.details?.['logTail']).toBeInstanceOf(Array);
  });

  it('fills the path from the native picker', async () => {
    const { api, load } = await setup('');
    api.handle('dialog:pick-model', () => ({ ok: true, value: { path: '/picked.gguf' } }));
    load.open();
    await load.pickModel();
    expect(load.store.getState().form?.modelPath).toBe('/picked.gguf');
    api.handle('dialog:pick-model', () => ({ ok: true, value: { path: null } }));
    await load.pickModel();
    expect(load.store.getState().form?.modelPath).toBe('/picked.gguf');
  });

  it('reload (the Reload action of a crashed model) loads the last saved settings again; a failure opens the dialog with it', async () => {
    const { api, load } = await setup('/m/qwen.gguf');
    const pending = load.reload();
    expect(load.store.getState().submitting).toBe(true);
    await vi.runAllTimersAsync();
    expect(await pending).toBe(true);
    expect(
      api.calls.filter((c) => c.channel === 'backend:load').map((c) => (c.input as { modelPath: string }).modelPath),
    ).toEqual(['/m/qwen.gguf']);
    expect(load.store.getState()).toMatchObject({ submitting: false, open: false, error: null });

    api.handle('backend:load', () => ({ ok: false, error: { code: 'backend_failed', message: 'it crashed again' } }));
    const failed = load.reload();
    await vi.runAllTimersAsync();
    expect(await failed).toBe(false);
    expect(load.store.getState()).toMatchObject({ open: true, tab: 'local', error: { code: 'backend_failed' } });
  });

  it('reload with no saved model opens the dialog instead', async () => {
    const { api, load } = await setup('');
    expect(await load.reload()).toBe(false);
    expect(load.store.getState().open).toBe(true);
    expect(api.calls.some((c) => c.channel === 'backend:load')).toBe(false);
  });
});

describe("load store: the local server's API key", () => {
  it('sends a typed key to backend:load only, never to the settings, and forgets it once sent', async () => {
    const { api, load } = await setup();
    load.open();
    await flush();
    expect(load.store.getState().form).toMatchObject({ hasKey: false, keyAction: 'replace' });
    expect(load.store.getState().keyProtection).toBe('memory (test)');
    load.edit({ exposeOnNetwork: true, apiKey: 'lan-key-1' });
    await load.submit();
    await flush();
    const updates = api.calls.filter((c) => c.channel === 'settings:update');
    expect(JSON.stringify(updates)).not.toContain('lan-key-1');
    expect(api.calls.find((c) => c.channel === 'backend:load')?.input).toMatchObject({
      apiKey: 'lan-key-1',
      exposeOnNetwork: true,
    });
    // Reopened, the form knows a key is stored, and holds none.
    load.open();
    await flush();
    expect(load.store.getState().form).toMatchObject({ hasKey: true, keyAction: 'keep', apiKey: '' });
  });

  it('a reload after a crash keeps the stored key (sends no key change)', async () => {
    const { api, load } = await setup();
    await load.reload();
    const sent = api.calls.filter((c) => c.channel === 'backend:load').at(-1)?.input as Record<string, unknown>;
    expect(sent).not.toHaveProperty('apiKey');
  });
});

describe('load store: cancelling a load', () => {
  it('stops the server being started; the form stays as typed and no error is shown', async () => {
    vi.useRealTimers();
    const settings = memoryDefaultSettings();
    settings.load.modelPath = '/m/qwen.gguf';
    const api = createMemoryPlatform({ settings, loadDelayMs: 5_000 });
    const app = createSettingsStore(api);
    await app.refresh();
    const load = createLoadStore({ api, app, inspectDelayMs: 0 });
    load.open();
    load.edit({ contextSize: '8192' });
    const submitted = load.submit();
    // Cancel once the load has reached the core, not while the form is still being saved.
    await vi.waitFor(() => expect(api.calls.map((call) => call.channel)).toContain('backend:load'));
    expect(load.store.getState().submitting).toBe(true);
    await load.cancelLoad();
    expect(await submitted).toBe(false);
    expect(api.calls.map((call) => call.channel)).toContain('backend:stop');
    expect(load.store.getState()).toMatchObject({
      submitting: false,
      error: null,
      open: true,
      form: { contextSize: '8192' },
    });
    expect((await api.invoke('backend:status')).ok && (await api.invoke('backend:status'))).toMatchObject({
      value: { state: 'stopped' },
    });
  });
});
