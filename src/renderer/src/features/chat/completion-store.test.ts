import { describe, expect, it } from 'vitest';
import type { InvokeInput } from '@shared/contract';
import type { Timers } from '../../lib/timers';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { handTimers } from '../../test-support/hand-timers';
import { createSettingsStore } from '../settings/settings-store';
import { createCompletionStore } from './completion-store';
import { createStreamFollower } from './stream-follower';

async function setup(chatDelayMs = 0, timers?: Timers) {
  const api = createMemoryPlatform({
    chatDelayMs,
    timers,
    chatReply: () => [[{ type: 'content', text: ' upon' }], [{ type: 'content', text: ' a <think>time' }]],
  });
  const frames: Array<() => void> = [];
  const app = createSettingsStore(api);
  const follower = createStreamFollower(api, (callback) => frames.push(callback));
  follower.start();
  const store = createCompletionStore({ api, app, follower, newId: () => 'c1' });
  await app.refresh();
  await api.invoke('backend:load', { ...api.state.settings.load, modelPath: '/m/x.gguf' });
  return { api, store, runFrames: () => frames.splice(0).forEach((callback) => callback()) };
}

describe('completion store', () => {
  it('sends the whole text as the prompt and writes the raw continuation into it', async () => {
    const { api, store } = await setup();
    store.setText('Once');
    expect(await store.run()).toBe(true);
    const input = api.calls.find((c) => c.channel === 'chat:send')?.input as Extract<
      InvokeInput<'chat:send'>,
      { mode: 'completion' }
    >;
    expect(input).toMatchObject({
      mode: 'completion',
      prompt: 'Once',
      requestId: 'c1',
      endpoint: { kind: 'local' },
      idSlot: null,
    });
    expect(store.state.getState()).toMatchObject({ text: 'Once upon a <think>time', status: 'done', running: null });
    expect(store.state.getState().timings?.predicted_n).toBe(2);
  });

  it('shows the text growing per frame, freezes edits while running, and keeps it when stopped', async () => {
    const clock = handTimers();
    const { store, runFrames } = await setup(5, clock.timers);
    store.setText('Once');
    const done = store.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await clock.tick();
    runFrames();
    expect(store.live.getState()?.written).toBe(' upon');
    store.setText('edited meanwhile');
    await store.stop();
    await done;
    expect(store.state.getState()).toMatchObject({ text: 'Once upon', status: 'stopped' });
  });

  it('does nothing for an empty text', async () => {
    const { store } = await setup();
    expect(await store.run()).toBe(false);
  });
});
