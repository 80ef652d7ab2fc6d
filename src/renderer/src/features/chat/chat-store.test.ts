import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../../shared/chat/types';
import type { InvokeInput } from '../../../../shared/contract';
import { createMemoryPlatform, type MemoryPlatformOptions } from '../../platform/memory-platform';
import { createAppStore } from '../shell/app-store';
import { createStatusStore } from '../status/status-store';
import { createChatStore } from './chat-store';
import type { AnswerItem } from './conversation';
import { createStreamFollower } from './stream-follower';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function setup(options: MemoryPlatformOptions = {}) {
  const api = createMemoryPlatform(options);
  const frames: Array<() => void> = [];
  const app = createAppStore(api);
  const status = createStatusStore(api);
  let n = 0;
  const follower = createStreamFollower(api, (callback) => frames.push(callback));
  const chat = createChatStore({ api, app, status, follower, newId: () => `id${++n}`, sleep: () => Promise.resolve() });
  const stopFollower = follower.start();
  const stopStatus = status.start();
  const stop = chat.start();
  await app.refresh();
  await api.invoke('backend:load', { ...api.state.settings.load, modelPath: '/m/qwen.gguf' });
  await settle();
  const runFrames = () => frames.splice(0).forEach((callback) => callback());
  const sent = () => api.calls.filter((c) => c.channel === 'chat:send').map((c) => c.input as Extract<InvokeInput<'chat:send'>, { mode: 'chat' }>);
  return { api, chat, app, runFrames, sent, dispose: () => (stop(), stopStatus(), stopFollower()) };
}

const reply = (...texts: string[]) => (): StreamEvent[][] => texts.map((text) => [{ type: 'content', text }]);
const answers = (items: readonly unknown[]) => items.filter((item): item is AnswerItem => (item as AnswerItem).kind === 'assistant');

describe('chat store', () => {
  it('reads the server props once the model is ready', async () => {
    const { chat } = await setup();
    expect(chat.props.get()).toMatchObject({ model: 'qwen', nCtx: 4096 });
  });

  it('sends, streams per frame, and settles with the final result and the slot', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { chat, api, runFrames, sent } = await setup();
    api.handle('chat:send', async (input) => {
      api.emit('chat:stream', { requestId: input.requestId, events: [{ type: 'content', text: 'Hel' }] });
      api.emit('chat:stream', { requestId: input.requestId, events: [{ type: 'content', text: 'lo' }] });
      await gate;
      api.emit('chat:stream', { requestId: input.requestId, events: [{ type: 'done' }] });
      return { ok: true, value: { content: 'Hello', reasoning: '', toolCalls: [], timings: null, usage: null, finishReason: 'stop', status: 'done', slotId: 2, requestId: input.requestId, elapsedMs: 9 } };
    });
    const done = chat.send('Hi');
    await settle();
    expect(chat.conversation.get().items.map((item) => item.kind)).toEqual(['user', 'assistant']);
    expect(chat.live.get()?.message.content).toBe('');
    runFrames();
    expect(chat.live.get()?.message.content).toBe('Hello');
    expect(chat.live.get()?.counter.contentDeltas).toBe(2);
    release();
    await done;
    expect(chat.live.get()).toBeNull();
    const [answer] = answers(chat.conversation.get().items);
    expect(answer?.answer).toMatchObject({ content: 'Hello', status: 'done', elapsedMs: 9 });
    expect(answer?.counter.contentDeltas).toBe(2);
    expect(chat.conversation.get()).toMatchObject({ activeRequestId: null, slot: { endpointKey: 'local', slotId: 2 } });
    expect(sent()[0]).toMatchObject({ mode: 'chat', messages: [{ role: 'user', content: 'Hi' }], idSlot: null, endpoint: { kind: 'local' } });
    await chat.send('Again');
    expect(sent()[1]?.idSlot).toBe(2);
    expect(sent()[1]?.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: 'Again' },
    ]);
  });

  it('refuses a second send while one runs, and empty text', async () => {
    const { chat } = await setup({ chatDelayMs: 50 });
    const first = chat.send('one');
    expect(await chat.send('two')).toBe(false);
    expect(await chat.send('   ')).toBe(false);
    await chat.stop();
    await first;
  });

  it('stop keeps the partial answer, marked stopped', async () => {
    const { chat, runFrames } = await setup({ chatDelayMs: 5, chatReply: reply('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h') });
    const done = chat.send('go');
    await new Promise((resolve) => setTimeout(resolve, 18));
    runFrames();
    await chat.stop();
    await done;
    const [answer] = answers(chat.conversation.get().items);
    expect(answer?.answer.status).toBe('stopped');
    expect(answer?.answer.content.length).toBeGreaterThan(0);
    expect(answer?.answer.content.length).toBeLessThan(8);
  });

  it('asks again to stop when the core had not registered the request yet', async () => {
    const { chat, api } = await setup({ chatDelayMs: 5 });
    let calls = 0;
    const done = chat.send('go');
    api.handle('chat:stop', () => ({ ok: true, value: { stopped: ++calls >= 3 } }));
    await chat.stop();
    expect(calls).toBe(3);
    // The fake's own stop is replaced, so the answer runs to its end.
    await done;
  });

  it('shows a failed call on the answer, keeping what came before', async () => {
    const { chat, api, runFrames } = await setup();
    api.handle('chat:send', (input) => {
      api.emit('chat:stream', { requestId: input.requestId, events: [{ type: 'content', text: 'partial' }] });
      return { ok: false, error: { code: 'internal', message: 'connection to EVA lost' } };
    });
    await chat.send('q');
    runFrames();
    const [answer] = answers(chat.conversation.get().items);
    expect(answer?.answer).toMatchObject({ status: 'error', content: 'partial', error: { message: 'connection to EVA lost' } });
  });

  it('regenerate replaces the last answer; edit replaces a user message and all after it', async () => {
    const { chat, sent } = await setup({ chatReply: reply('A') });
    await chat.send('one');
    await chat.send('two');
    const before = chat.conversation.get().items;
    expect(before).toHaveLength(4);
    await chat.regenerate();
    const after = chat.conversation.get().items;
    expect(after).toHaveLength(4);
    expect(after[0]).toBe(before[0]);
    expect(after[3]?.id).not.toBe(before[3]?.id);
    expect(sent().at(-1)?.messages.map((m) => m.content)).toEqual(['one', 'A', 'two']);

    await chat.editAndResend(before[0]?.id ?? '', 'uno');
    expect(chat.conversation.get().items.map((item) => item.kind)).toEqual(['user', 'assistant']);
    expect(sent().at(-1)?.messages).toEqual([{ role: 'user', content: 'uno' }]);
  });

  it('keeps the conversation when the endpoint changes, and forgets the slot for the other server', async () => {
    const { chat, app, api, sent } = await setup({ chatReply: reply('A') });
    await chat.send('one');
    const saved = await api.invoke('link:save', { profile: { name: 'L', presetId: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm' } });
    const linkId = saved.ok ? saved.value.id : '';
    await app.updateSettings({ chat: { endpoint: { kind: 'link', linkId } } });
    await chat.send('two');
    expect(sent().at(-1)).toMatchObject({ endpoint: { kind: 'link', linkId }, idSlot: null });
    expect(sent().at(-1)?.messages).toHaveLength(3);
  });

  it('trims to the context and records how many messages were left out', async () => {
    const { chat, api } = await setup({ chatReply: reply('y'.repeat(700)), props: { nCtx: 600 } });
    await chat.refreshProps();
    await api.invoke('settings:update', { chat: { sampling: { max_tokens: 100 } } });
    for (const text of ['a'.repeat(700), 'b'.repeat(700), 'c']) await chat.send(text);
    const last = answers(chat.conversation.get().items).at(-1);
    expect(last?.dropped).toBeGreaterThan(0);
    expect(last?.nCtx).toBe(600);
  });

  it('clear stops a running answer and empties the list', async () => {
    const { chat } = await setup({ chatDelayMs: 5 });
    const done = chat.send('x');
    chat.clear();
    await done;
    expect(chat.conversation.get().items).toEqual([]);
    expect(chat.live.get()).toBeNull();
  });
});
