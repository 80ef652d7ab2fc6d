import { describe, expect, it } from 'vitest';
import { createAppModel } from './app-model';
import type { ConnectionState } from './platform';
import { createMemoryPlatform } from './platform/memory-platform';

function withConnection() {
  const api = createMemoryPlatform();
  let state: ConnectionState = 'connecting';
  const listeners = new Set<(state: ConnectionState) => void>();
  const connection = {
    getState: () => state,
    onChange: (listener: (next: ConnectionState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const set = (next: ConnectionState): void => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  return { api: Object.assign(api, { connection }), set };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('app model', () => {
  it('fetches everything on start', async () => {
    const api = createMemoryPlatform();
    const model = createAppModel(api);
    const stop = model.start();
    await settle();
    expect(new Set(api.calls.map((c) => c.channel))).toEqual(
      new Set([
        'app:info',
        'settings:get',
        'backend:status',
        'pool:status',
        'backend:log',
        'backend:discover',
        'history:list',
        'hotkeys:status',
        'voice:status',
      ]),
    );
    expect(model.connection).toBeNull();
    stop();
  });

  it('refetches after a reconnect, since events sent meanwhile were lost', async () => {
    const { api, set } = withConnection();
    const model = createAppModel(api);
    const stop = model.start();
    set('open');
    await settle();
    const before = api.calls.length;
    set('reconnecting');
    expect(model.connection?.getState()).toBe('reconnecting');
    set('open');
    await settle();
    expect(
      api.calls
        .slice(before)
        .map((c) => c.channel)
        .sort(),
    ).toEqual([
      'app:info',
      'backend:discover',
      'backend:log',
      'backend:status',
      'chat:props',
      'history:list',
      'hotkeys:status',
      'pool:status',
      'settings:get',
    ]);
    stop();
  });
});
