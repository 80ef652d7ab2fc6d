import { describe, expect, it } from 'vitest';
import type { BackendStatus } from '@shared/contract';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createStatusStore } from './status-store';

const status = (state: BackendStatus['state'], since: number): BackendStatus => ({
  state,
  since,
  backend: null,
  model: null,
  host: null,
  port: null,
  gpuLayers: null,
  estimate: null,
  pid: null,
  loadMs: null,
  restarts: 0,
  notices: [],
  error: null,
});

describe('status store', () => {
  it('takes the fetched status, then every event', async () => {
    const api = createMemoryPlatform();
    const store = createStatusStore(api);
    store.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(store.store.getState()?.state).toBe('stopped');
    api.emit('backend:state', status('starting', 2));
    expect(store.store.getState()?.state).toBe('starting');
  });

  it('ignores a fetch answer that an event overtook', async () => {
    const api = createMemoryPlatform();
    let answer: (value: unknown) => void = () => {};
    api.handle('backend:status', () => new Promise((resolve) => (answer = resolve as (value: unknown) => void)));
    const store = createStatusStore(api);
    store.start();
    api.emit('backend:state', status('ready', 5));
    answer({ ok: true, value: status('starting', 1) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.store.getState()?.state).toBe('ready');
  });

  it('stops listening when stopped', () => {
    const api = createMemoryPlatform();
    const store = createStatusStore(api);
    const off = store.start();
    off();
    api.emit('backend:state', status('ready', 5));
    expect(store.store.getState()).toBeNull();
  });
});
