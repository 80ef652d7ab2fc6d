// The chat's answer to a crashed local model, across the stores the page wires
// together: the error says why and offers Reload; Reload loads the last model
// with the same load settings, and the retry that follows goes through.
import { describe, expect, it } from 'vitest';
import type { BackendStatus, LoadSettings } from '@shared/contract';
import { createMemoryPlatform, memoryDefaultSettings } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { createLoadStore } from '../load/load-store';
import { createStatusStore } from '../status/status-store';
import { createChatStore } from './chat-store';
import { offersReload, type AnswerItem } from './conversation';
import { createStreamFollower } from './stream-follower';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const CRASH = {
  code: 'server_crashed' as const,
  message:
    'The local model stopped: llama-server stopped unexpectedly (killed by SIGKILL) and was restarted 3 times; giving up. Reload it to go on.',
  details: { action: 'reload', exitCode: null, signal: 'SIGKILL' },
};

async function setup() {
  const settings = memoryDefaultSettings();
  // What the load dialog saved before its last load: every field, not only the path.
  settings.load = {
    ...settings.load,
    modelPath: '/m/qwen.gguf',
    contextSize: 8192,
    threads: 3,
    flashAttention: 'on',
    gpuLayers: 12,
  };
  const api = createMemoryPlatform({ settings });
  const app = createSettingsStore(api);
  const status = createStatusStore(api);
  let n = 0;
  const follower = createStreamFollower(api, (callback) => callback());
  const chat = createChatStore({ api, app, status, follower, newId: () => `id${++n}`, sleep: () => Promise.resolve() });
  const load = createLoadStore({ api, app });
  const stops = [follower.start(), status.start(), chat.start()];
  await app.refresh();
  await api.invoke('backend:load', settings.load);
  await settle();
  return { api, chat, load, lastLoad: settings.load as LoadSettings, dispose: () => stops.forEach((stop) => stop()) };
}

const lastAnswer = (items: readonly unknown[]) =>
  items.filter((item): item is AnswerItem => (item as AnswerItem).kind === 'assistant').at(-1);

describe('a chat after the local model crashed', () => {
  it('shows why with a Reload action; Reload loads the last model with the same settings, and the retry answers', async () => {
    const { api, chat, load, lastLoad, dispose } = await setup();
    // The core gave up restarting: the status says so, and the next chat fails with the reason.
    api.emit('backend:state', {
      ...api.state.status,
      state: 'error',
      pid: null,
      restarts: 3,
      error: { code: 'server_crashed', message: 'llama-server stopped unexpectedly (killed by SIGKILL)' },
    } satisfies BackendStatus);
    let crashed = true;
    api.handle('chat:send', (input) =>
      crashed
        ? { ok: false, error: CRASH }
        : {
            ok: true,
            value: {
              content: 'Back again',
              reasoning: '',
              toolCalls: [],
              timings: null,
              usage: null,
              finishReason: 'stop',
              status: 'done',
              slotId: 0,
              requestId: input.requestId,
              elapsedMs: 5,
            },
          },
    );

    await chat.send('Hi');
    const failed = lastAnswer(chat.conversation.getState().items);
    expect(failed?.answer).toMatchObject({
      status: 'error',
      error: { code: 'server_crashed', message: expect.stringContaining('SIGKILL') },
    });
    expect(offersReload(failed!.answer)).toBe(true);

    // What the Reload button does: load.reload(), then regenerate.
    const loadsBefore = api.calls.filter((c) => c.channel === 'backend:load').length;
    api.handle('backend:load', () => {
      crashed = false;
      return { ok: true, value: { ...api.state.status, state: 'ready', error: null } };
    });
    expect(await load.reload()).toBe(true);
    const loads = api.calls.filter((c) => c.channel === 'backend:load').map((c) => c.input);
    expect(loads.slice(loadsBefore)).toEqual([lastLoad]);
    expect(await chat.regenerate()).toBe(true);
    const answer = lastAnswer(chat.conversation.getState().items);
    expect(answer?.answer).toMatchObject({ status: 'done', content: 'Back again' });
    expect(offersReload(answer!.answer)).toBe(false);
    dispose();
  });

  it('no Reload for errors that a reload would not fix', async () => {
    const { api, chat, dispose } = await setup();
    api.handle('chat:send', () => ({ ok: false, error: { code: 'link_not_found', message: 'that link was deleted' } }));
    await chat.send('Hi');
    expect(offersReload(lastAnswer(chat.conversation.getState().items)!.answer)).toBe(false);
    dispose();
  });
});
