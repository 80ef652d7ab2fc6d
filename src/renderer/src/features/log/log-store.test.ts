import { describe, expect, it } from 'vitest';
import type { LogLine } from '@shared/contract';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createLogStore } from './log-store';

const line = (seq: number): LogLine => ({ seq, time: seq, stream: 'stderr', text: `l${seq}` });

describe('log store', () => {
  it('merges the fetched tail with lines that arrived by event meanwhile, without duplicates', async () => {
    const api = createMemoryPlatform();
    let answer: (value: unknown) => void = () => {};
    api.handle('backend:log', () => new Promise((resolve) => (answer = resolve as (value: unknown) => void)));
    const store = createLogStore(api, 4);
    store.start();
    api.emit('backend:log-lines', { lines: [line(3), line(4)] });
    answer({ ok: true, value: { lines: [line(1), line(2), line(3)] } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.store.getState().lines.map((l) => l.seq)).toEqual([1, 2, 3, 4]);
    api.emit('backend:log-lines', { lines: [line(4), line(5)] });
    expect(store.store.getState().lines.map((l) => l.seq)).toEqual([2, 3, 4, 5]);
  });

  it('takes a refetched tail as the truth, so a restarted core with a fresh seq is not ignored', async () => {
    const api = createMemoryPlatform();
    const store = createLogStore(api);
    api.handle('backend:log', () => ({ ok: true, value: { lines: [line(10), line(11)] } }));
    store.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    api.handle('backend:log', () => ({ ok: true, value: { lines: [line(1), line(2)] } }));
    await store.refresh();
    expect(store.store.getState().lines.map((l) => l.seq)).toEqual([1, 2]);
    api.emit('backend:log-lines', { lines: [line(3)] });
    expect(store.store.getState().lines.map((l) => l.seq)).toEqual([1, 2, 3]);
  });

  it('keeps the lines it has when the fetch fails, and says why', async () => {
    const api = createMemoryPlatform();
    api.handle('backend:log', () => ({ ok: false, error: { code: 'internal', message: 'connection to EVA lost' } }));
    const store = createLogStore(api);
    store.start();
    api.emit('backend:log-lines', { lines: [line(1)] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.store.getState()).toMatchObject({ lines: [line(1)], error: { message: 'connection to EVA lost' } });
  });
});
