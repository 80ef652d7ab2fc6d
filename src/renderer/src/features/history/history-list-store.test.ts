// The history list store over the real history area (test-support/core-platform.ts): every call and
// `history:changed` event is the core's own.
import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '@shared/errors';
import { closeCorePlatforms, openCorePlatform, type CorePlatform } from '@test-support/core-platform';
import { createHistoryListStore } from './history-list-store';

let api: CorePlatform;
const settle = () => api.settle();
afterEach(closeCorePlatforms);

async function setup() {
  api = await openCorePlatform();
  const errors: AppError[] = [];
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const store = createHistoryListStore({
    api,
    report: (e) => errors.push(e),
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: () => undefined,
  });
  const stop = store.start();
  const make = async (title: string) => {
    const created = await api.invoke('history:create', { title });
    if (!created.ok) throw new Error(created.error.message);
    return created.value.id;
  };
  return { api, store, errors, timers, stop, make };
}

describe('history list store', () => {
  it('lists conversations and refetches when the core says the history changed', async () => {
    const { store, make } = await setup();
    await settle();
    expect(store.state.getState().loaded).toBe(true);
    await make('first');
    await settle();
    expect(store.state.getState().conversations.map((c) => c.title)).toEqual(['first']);
  });

  it("a change fetches only the conversations it names and puts them in place, in the list's order; a delete takes one out", async () => {
    const { store, make, api } = await setup();
    await settle();
    const first = await make('first');
    const second = await make('second');
    await settle();
    expect(
      store.state
        .getState()
        .conversations.map((c) => c.title)
        .sort(),
    ).toEqual(['first', 'second']);
    const lists = () =>
      api.calls.filter((c) => c.channel === 'history:list').map((c) => c.input as { ids?: string[] } | undefined);
    const before = lists().length;
    await api.invoke('history:rename', { id: first, title: 'first, renamed' });
    await api.invoke('history:pin', { id: first, pinned: true });
    await settle();
    expect(store.state.getState().conversations.map((c) => c.title)).toEqual(['first, renamed', 'second']);
    expect(
      lists()
        .slice(before)
        .every((input) => input?.ids?.length === 1 && input.ids[0] === first),
    ).toBe(true);
    await api.invoke('history:delete', { ids: [second] });
    await settle();
    expect(store.state.getState().conversations.map((c) => c.title)).toEqual(['first, renamed']);
    expect(lists().at(-1)).toEqual({ ids: [second] });
  });

  it('many changes at once (an import, a clear) fetch the whole list again', async () => {
    const { store, api, make } = await setup();
    await settle();
    const ids = [];
    for (let i = 0; i < 60; i++) ids.push(await make(`c${i}`));
    await settle();
    const before = api.calls.length;
    // The core announces changes together (debounced): one event names them all.
    api.emit('history:changed', { conversationIds: ids });
    await settle();
    expect(
      api.calls
        .slice(before)
        .filter((c) => c.channel === 'history:list')
        .map((c) => c.input),
    ).toEqual([undefined]);
    expect(store.state.getState().conversations).toHaveLength(60);
  });

  it('deletes at once, offers undo until the purge time, and undo brings it back', async () => {
    const { store, make, timers } = await setup();
    const id = await make('keep me');
    await store.refresh();
    const receipt = await store.remove([id]);
    expect(receipt?.conversationIds).toEqual([id]);
    expect(store.state.getState().conversations).toEqual([]);
    expect(store.state.getState().undo?.token).toBe(receipt?.token);
    expect(timers.at(-1)?.ms).toBeGreaterThan(0);
    expect(await store.undo()).toEqual([id]);
    expect(store.state.getState().undo).toBeNull();
    expect(store.state.getState().conversations.map((c) => c.id)).toEqual([id]);
  });

  it('the undo offer lapses when its timer fires', async () => {
    const { store, make, timers } = await setup();
    await store.remove([await make('x')]);
    timers.at(-1)?.callback();
    expect(store.state.getState().undo).toBeNull();
    expect(await store.undo()).toEqual([]);
  });

  it('searches, keeps only the newest answer, and clears results with an empty query', async () => {
    const { store, make, api } = await setup();
    await make('alpha notes');
    await make('beta');
    await Promise.all([store.search('zzz'), store.search('alpha')]);
    expect(store.state.getState().results?.hits.map((h) => h.title)).toEqual(['alpha notes']);
    await store.search('');
    expect(store.state.getState().results).toBeNull();
    expect(api.calls.filter((c) => c.channel === 'history:search')).toHaveLength(2);
  });

  it('reports a failed call instead of pretending it worked', async () => {
    const { store, errors } = await setup();
    expect(await store.rename('does-not-exist', 'x')).toBe(false);
    expect(errors[0]?.code).toBe('not_found');
  });

  it('exports and imports through the core', async () => {
    const { store, make } = await setup();
    await make('exported');
    const file = await store.exportFile('all', 'json');
    expect(file?.mime).toBe('application/json');
    const created = await store.importText(file?.text ?? '');
    expect(created).toHaveLength(1);
  });
});
