import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createModelInfoStore, LIVE_POLL_MS } from './model-info-store';

afterEach(() => {
  vi.useRealTimers();
});

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('model info store', () => {
  it('polls the live server one request at a time while watched, and not after', async () => {
    vi.useFakeTimers();
    const api = createMemoryPlatform();
    const store = createModelInfoStore(api);
    const polls = () => api.calls.filter((c) => c.channel === 'model-info:live').length;
    const stop = store.watchLive();
    await flush();
    expect(polls()).toBe(1);
    expect(store.state.getState().live).toEqual({ state: 'stopped' });
    await vi.advanceTimersByTimeAsync(LIVE_POLL_MS);
    expect(polls()).toBe(2);
    stop();
    await vi.advanceTimersByTimeAsync(LIVE_POLL_MS * 3);
    expect(polls()).toBe(2);
  });

  it('shows the last file asked for when answers cross, and follows the loaded model only until a file is picked', async () => {
    const api = createMemoryPlatform();
    const store = createModelInfoStore(api);
    store.setLoaded('/m/loaded.gguf');
    store.pick('/m/first.gguf');
    store.pick('/m/second.gguf');
    await flush();
    expect(store.state.getState()).toMatchObject({ path: '/m/second.gguf', info: { path: '/m/second.gguf' } });
    // Another load while a file is picked: the page stays on the picked file.
    store.setLoaded('/m/other.gguf');
    expect(store.state.getState().path).toBe('/m/second.gguf');
    store.pick(null);
    await flush();
    expect(store.state.getState()).toMatchObject({ path: '/m/other.gguf', info: { path: '/m/other.gguf' } });
    store.setLoaded(null);
    expect(store.state.getState()).toMatchObject({ path: null, info: null });
  });
});
