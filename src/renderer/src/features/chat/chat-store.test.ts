import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '@shared/chat/types';
import type { InvokeInput } from '@shared/contract';
import { createMemoryPlatform, type MemoryPlatformOptions } from '../../platform/memory-platform';
import { handTimers } from '../../test-support/hand-timers';
import { createSettingsStore } from '../settings/settings-store';
import { createStatusStore } from '../status/status-store';
import { createChatStore } from './chat-store';
import type { AnswerItem } from './conversation';
import { createStreamFollower } from './stream-follower';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function setup(options: MemoryPlatformOptions = {}) {
  const api = createMemoryPlatform(options);
  const frames: Array<() => void> = [];
  const app = createSettingsStore(api);
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
  const sent = () =>
    api.calls
      .filter((c) => c.channel === 'chat:send')
      .map((c) => c.input as Extract<InvokeInput<'chat:send'>, { mode: 'chat' }>);
  return { api, chat, app, runFrames, sent, dispose: () => (stop(), stopStatus(), stopFollower()) };
}

const reply =
  (...texts: string[]) =>
  (): StreamEvent[][] =>
    texts.map((text) => [{ type: 'content', text }]);
const answers = (items: readonly unknown[]) =>
  items.filter((item): item is AnswerItem => (item as AnswerItem).kind === 'assistant');

describe('chat store', () => {
  it('reads the server props once the model is ready', async () => {
    const { chat } = await setup();
    expect(chat.props.getState()).toMatchObject({ model: 'qwen', nCtx: 4096 });
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
      return {
        ok: true,
        value: {
          content: 'Hello',
          reasoning: '',
          toolCalls: [],
          timings: null,
          usage: null,
          finishReason: 'stop',
          status: 'done',
          slotId: 2,
          requestId: input.requestId,
          elapsedMs: 9,
        },
      };
    });
    const done = chat.send('Hi');
    await settle();
    expect(chat.conversation.getState().items.map((item) => item.kind)).toEqual(['user', 'assistant']);
    // The first words show at once; the rest waits for the next frame.
    expect(chat.live.getState()?.message.content).toBe('Hel');
    runFrames();
    expect(chat.live.getState()?.message.content).toBe('Hello');
    expect(chat.live.getState()?.counter.contentDeltas).toBe(2);
    release();
    await done;
    expect(chat.live.getState()).toBeNull();
    const [answer] = answers(chat.conversation.getState().items);
    expect(answer?.answer).toMatchObject({ content: 'Hello', status: 'done', elapsedMs: 9 });
    expect(answer?.counter.contentDeltas).toBe(2);
    expect(chat.conversation.getState()).toMatchObject({
      activeRequestId: null,
      slot: { endpointKey: 'local', slotId: 2 },
    });
    expect(sent()[0]).toMatchObject({
      mode: 'chat',
      messages: [{ role: 'user', content: 'Hi' }],
      idSlot: null,
      endpoint: { kind: 'local' },
    });
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
    const clock = handTimers();
    const { chat, runFrames } = await setup({
      chatDelayMs: 5,
      timers: clock.timers,
      chatReply: reply('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
    });
    const done = chat.send('go');
    await settle();
    for (let chunk = 0; chunk < 3; chunk++) await clock.tick();
    runFrames();
    await chat.stop();
    await done;
    const [answer] = answers(chat.conversation.getState().items);
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
    const [answer] = answers(chat.conversation.getState().items);
    expect(answer?.answer).toMatchObject({
      status: 'error',
      content: 'partial',
      error: { message: 'connection to EVA lost' },
    });
  });

  it('Continue: a stopped answer goes on in the same item, sent as the last message with continueAnswer and recorded into the same id', async () => {
    const clock = handTimers();
    const { chat, api, sent, runFrames } = await setup({
      chatDelayMs: 5,
      timers: clock.timers,
      chatReply: reply('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
    });
    const done = chat.send('go');
    await settle();
    for (let chunk = 0; chunk < 3; chunk++) await clock.tick();
    runFrames();
    await chat.stop();
    await done;
    const [stopped] = answers(chat.conversation.getState().items);
    expect(stopped?.answer.status).toBe('stopped');
    const saved = stopped!.answer.content;
    // Not another answer, nor one still running.
    expect(await chat.continueAnswer('nope')).toBe(false);

    // The core streams the saved text first, then the new words (continuation.ts).
    api.handle('chat:send', async (input) => {
      api.emit('chat:stream', {
        requestId: input.requestId,
        events: [{ type: 'content', text: saved }, { type: 'content', text: ' more' }, { type: 'done' }],
      });
      return {
        ok: true,
        value: {
          content: `${saved} more`,
          reasoning: '',
          toolCalls: [],
          timings: null,
          usage: null,
          finishReason: 'stop',
          status: 'done',
          slotId: null,
          requestId: input.requestId,
          elapsedMs: 3,
        },
      };
    });
    // The saved text stays on screen while the request starts (before any event of the new stream).
    const shown: string[] = [];
    const unsubscribe = chat.live.subscribe((current) => current && shown.push(current.message.content));
    expect(await chat.continueAnswer(stopped!.id)).toBe(true);
    unsubscribe();
    expect(shown[0]).toBe(saved);
    const items = chat.conversation.getState().items;
    expect(items.map((item) => item.id)).toEqual([items[0]!.id, stopped!.id]);
    expect(answers(items)[0]?.answer).toMatchObject({ status: 'done', content: `${saved} more` });
    const request = sent().at(-1)!;
    expect(request).toMatchObject({ continueAnswer: true, record: { answerId: stopped!.id, parentId: items[0]!.id } });
    expect(request.record?.question).toBeUndefined();
    expect(request.messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: saved },
    ]);
    // A whole answer is not offered Continue.
    expect(await chat.continueAnswer(stopped!.id)).toBe(false);
  });

  it('regenerate replaces the last answer; edit replaces a user message and all after it', async () => {
    const { chat, sent } = await setup({ chatReply: reply('A') });
    await chat.send('one');
    await chat.send('two');
    const before = chat.conversation.getState().items;
    expect(before).toHaveLength(4);
    await chat.regenerate();
    const after = chat.conversation.getState().items;
    expect(after).toHaveLength(4);
    expect(after[0]).toBe(before[0]);
    expect(after[3]?.id).not.toBe(before[3]?.id);
    expect(
      sent()
        .at(-1)
        ?.messages.map((m) => m.content),
    ).toEqual(['one', 'A', 'two']);

    await chat.editAndResend(before[0]?.id ?? '', 'uno');
    expect(chat.conversation.getState().items.map((item) => item.kind)).toEqual(['user', 'assistant']);
    expect(sent().at(-1)?.messages).toEqual([{ role: 'user', content: 'uno' }]);
  });

  it('keeps the conversation when the endpoint changes, and forgets the slot for the other server', async () => {
    const { chat, app, api, sent } = await setup({ chatReply: reply('A') });
    await chat.send('one');
    const saved = await api.invoke('link:save', {
      profile: { name: 'L', presetId: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm' },
    });
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
    const last = answers(chat.conversation.getState().items).at(-1);
    expect(last?.dropped).toBeGreaterThan(0);
    expect(last?.nCtx).toBe(600);
  });

  it('clear stops a running answer and empties the list', async () => {
    const { chat } = await setup({ chatDelayMs: 5 });
    const done = chat.send('x');
    chat.clear();
    await done;
    expect(chat.conversation.getState().items).toEqual([]);
    expect(chat.live.getState()).toBeNull();
  });
});

describe('chat store and the history', () => {
  const texts = (items: readonly { kind: string; content?: unknown; answer?: { content: string } }[]) =>
    items.map((item) => (item.kind === 'user' ? item.content : item.answer?.content));

  it('records each exchange into one saved conversation, created on the first message', async () => {
    const { chat, api, sent } = await setup({ chatReply: reply('A1') });
    await chat.send('Q1');
    await chat.send('Q2');
    const id = chat.conversation.getState().id;
    expect(id).not.toBeNull();
    const [first, second] = sent();
    // The first question creates the conversation in the core, beside the request: no extra round trip before the
    // answer.
    expect(api.calls.filter((c) => c.channel === 'history:create')).toHaveLength(0);
    expect(first?.record).toMatchObject({
      conversationId: id,
      parentId: null,
      question: { content: 'Q1' },
      create: { systemPrompt: expect.any(String) },
    });
    expect(second?.record?.create).toBeUndefined();
    const items = chat.conversation.getState().items;
    expect(second?.record).toMatchObject({ conversationId: id, parentId: items[1]?.id, question: { content: 'Q2' } });
    const opened = await api.invoke('history:open', { id: id ?? '' });
    expect(opened.ok && opened.value.messages.map((m) => m.content)).toEqual(['Q1', 'A1', 'Q2', 'A1']);
  });

  it('a new store (a reloaded page) opens the conversation that was open', async () => {
    const remembered = { value: null as string | null };
    const lastOpened = { get: () => remembered.value, set: (id: string | null) => void (remembered.value = id) };
    const { api, app, chat: first } = await setup({ chatReply: reply('A1') });
    void first;
    const status = createStatusStore(api);
    const follower = createStreamFollower(api, () => undefined);
    let n = 100;
    const make = () =>
      createChatStore({
        api,
        app,
        status,
        follower,
        newId: () => `x${++n}`,
        sleep: () => Promise.resolve(),
        lastOpened,
      });
    const before = make();
    before.start();
    await before.send('remember me');
    const reloaded = make();
    reloaded.start();
    await settle();
    await settle();
    expect(reloaded.conversation.getState().id).toBe(before.conversation.getState().id);
    expect(texts(reloaded.conversation.getState().items)).toEqual(['remember me', 'A1']);
  });

  it('edit and regenerate add siblings; ‹ › switches between them and sends only the active branch', async () => {
    let answer = 0;
    const { chat, sent } = await setup({ chatReply: () => [[{ type: 'content', text: `A${++answer}` }]] });
    await chat.send('Q1');
    const [q1] = chat.conversation.getState().items;
    await chat.regenerate();
    expect(texts(chat.conversation.getState().items)).toEqual(['Q1', 'A2']);
    await chat.editAndResend(q1?.id ?? '', 'Q1 edited');
    expect(texts(chat.conversation.getState().items)).toEqual(['Q1 edited', 'A3']);
    expect(
      sent()
        .at(-1)
        ?.messages.map((m) => m.content),
    ).toEqual(['Q1 edited']);
    const state = chat.conversation.getState();
    expect(state.branches.get('')).toHaveLength(2);

    expect(await chat.switchBranch(state.items[0]?.id ?? '', -1)).toBe(true);
    expect(texts(chat.conversation.getState().items)).toEqual(['Q1', 'A2']);
    const a2 = chat.conversation.getState().items[1];
    expect(await chat.switchBranch(a2?.id ?? '', -1)).toBe(true);
    expect(texts(chat.conversation.getState().items)).toEqual(['Q1', 'A1']);
    expect(await chat.switchBranch(chat.conversation.getState().items[1]?.id ?? '', -1)).toBe(false);

    await chat.send('Q2');
    expect(
      sent()
        .at(-1)
        ?.messages.map((m) => m.content),
    ).toEqual(['Q1', 'A1', 'Q2']);
  });

  it('clear starts a new conversation and forgets the open one', async () => {
    const { chat } = await setup({ chatReply: reply('A') });
    await chat.send('Q');
    const first = chat.conversation.getState().id;
    chat.clear();
    expect(chat.conversation.getState().id).toBeNull();
    await chat.send('Q again');
    expect(chat.conversation.getState().id).not.toBe(first);
  });

  it('tells the core when it leaves a conversation for a new one (its slot is saved while the user types), and not when nothing was open', async () => {
    const { chat, api } = await setup({ chatReply: reply('A') });
    const leaves = () => api.calls.filter((c) => c.channel === 'history:leave').length;
    chat.clear();
    expect(leaves()).toBe(0);
    await chat.send('Q');
    chat.clear();
    expect(leaves()).toBe(1);
  });
});

describe('opening a saved conversation', () => {
  it('uses its own system prompt and sampling for itself only, never as the global settings, and reuses its slot', async () => {
    const { chat, api, app, sent } = await setup({ chatReply: reply('A') });
    await app.updateSettings({
      chat: { systemPrompt: 'Be a pirate.', sampling: { temperature: 0.3, max_tokens: 64 } },
    });
    await chat.send('ahoy');
    const id = chat.conversation.getState().id ?? '';
    await api.invoke('history:create', {});
    chat.clear();
    await app.updateSettings({ chat: { systemPrompt: 'Be brief.', sampling: { temperature: 1.2 } } });
    expect(await chat.open(id)).toBe(true);
    // Opening it changed nothing global (an imported file's system prompt would otherwise become the default).
    expect(app.store.getState().settings?.chat.systemPrompt).toBe('Be brief.');
    expect(app.store.getState().settings?.chat.sampling).toEqual({ temperature: 1.2 });
    await chat.send('again');
    expect(sent().at(-1)?.systemPrompt).toBe('Be a pirate.');
    expect(sent().at(-1)?.sampling).toMatchObject({ temperature: 0.3, max_tokens: 64 });
    // The fake local server answered from slot 0; the reopened conversation asks for it again.
    expect(sent().at(-1)?.idSlot).toBe(0);
    // A new conversation uses the global settings.
    chat.clear();
    await chat.send('fresh');
    expect(sent().at(-1)?.systemPrompt).toBe('Be brief.');
  });

  it("keeps the open conversation's own conventions when the defaults change, and follows the defaults once they are reset", async () => {
    const { chat, app, sent } = await setup({ chatReply: reply('A') });
    await app.updateSettings({ chat: { systemPrompt: 'Be a pirate.' } });
    await chat.send('ahoy');
    const id = chat.conversation.getState().id ?? '';
    chat.clear();
    expect(await chat.open(id)).toBe(true);
    await app.updateSettings({ chat: { systemPrompt: 'Be kind.' } });
    await chat.send('again');
    expect(sent().at(-1)?.systemPrompt).toBe('Be a pirate.');
    chat.conventions.setState(null, true);
    await chat.send('and again');
    expect(sent().at(-1)?.systemPrompt).toBe('Be kind.');
  });

  it("a new chat's own conventions are used for it and saved with it", async () => {
    const { chat, sent } = await setup({ chatReply: reply('A') });
    chat.conventions.setState({ systemPrompt: 'Only here.', sampling: { temperature: 0.1 } }, true);
    await chat.send('hi');
    expect(sent().at(-1)).toMatchObject({ systemPrompt: 'Only here.', sampling: { temperature: 0.1 } });
    chat.clear();
    expect(chat.conventions.getState()).toBeNull();
  });
});

describe('chat store with tools on', () => {
  it('answers through the agent loop: runs with a record, shows the final answer, keeps the steps in the agent store', async () => {
    const { createAgentStore } = await import('../agent/agent-store');
    const api = createMemoryPlatform({
      agentScript: {
        actions: [
          {
            kind: 'step',
            step: {
              kind: 'tool',
              tool: 'calculator',
              args: { expression: '2+3' },
              status: 'ok',
              output: '5',
              durationMs: 1,
            },
          },
        ],
        answer: 'It is 5.',
      },
    });
    const app = createSettingsStore(api);
    const status = createStatusStore(api);
    const follower = createStreamFollower(api, (callback) => callback());
    const agent = createAgentStore(api);
    let n = 0;
    const chat = createChatStore({
      api,
      app,
      status,
      follower,
      agent,
      newId: () => `t${++n}`,
      sleep: () => Promise.resolve(),
    });
    follower.start();
    status.start();
    agent.start();
    chat.start();
    await app.refresh();
    await api.invoke('backend:load', { ...api.state.settings.load, modelPath: '/m/qwen.gguf' });
    await settle();

    chat.useTools.setState(true, true);
    await chat.send('What is 2+3?');
    const runs = api.calls.filter((c) => c.channel === 'agent:run').map((c) => c.input as InvokeInput<'agent:run'>);
    expect(runs).toHaveLength(1);
    expect(api.calls.filter((c) => c.channel === 'chat:send')).toHaveLength(0);
    expect(runs[0]?.record).toMatchObject({ question: { content: 'What is 2+3?' } });
    const answer = answers(chat.conversation.getState().items)[0];
    expect(answer).toMatchObject({ agentRun: true, answer: { content: 'It is 5.', status: 'done' } });
    expect(agent.steps(answer?.requestId ?? '').map((s) => s.output)).toEqual(['5']);

    // The controller is switched on for this conversation only.
    chat.conversationTools.setState(['controller'], true);
    await chat.send('Move the mouse');
    const withController = api.calls
      .filter((c) => c.channel === 'agent:run')
      .map((c) => c.input as InvokeInput<'agent:run'>);
    expect(withController.at(-1)?.enableTools).toEqual(['controller']);
    chat.clear();
    expect(chat.conversationTools.getState()).toEqual([]);

    chat.useTools.setState(false, true);
    await chat.send('thanks');
    expect(api.calls.filter((c) => c.channel === 'chat:send')).toHaveLength(1);
  });
});

describe("chat store: an opened conversation's endpoint", () => {
  it('is offered, never switched to unasked; the user switches with one click', async () => {
    const { chat, app, api, sent } = await setup({ chatReply: reply('A') });
    const saved = await api.invoke('link:save', {
      profile: { name: 'Paid API', presetId: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm' },
    });
    const linkId = saved.ok ? saved.value.id : '';
    await app.updateSettings({ chat: { endpoint: { kind: 'link', linkId } } });
    await chat.send('held on the paid API');
    const conversationId = chat.conversation.getState().id ?? '';
    chat.clear();
    await app.updateSettings({ chat: { endpoint: { kind: 'local' } } });

    expect(await chat.open(conversationId)).toBe(true);
    expect(app.store.getState().settings?.chat.endpoint).toEqual({ kind: 'local' });
    expect(chat.heldEndpoint.offer.getState()).toEqual({ kind: 'link', linkId });
    await chat.send('next question');
    expect(sent().at(-1)).toMatchObject({ endpoint: { kind: 'local' } });

    expect(await chat.heldEndpoint.accept()).toBe(true);
    expect(app.store.getState().settings?.chat.endpoint).toEqual({ kind: 'link', linkId });
    expect(chat.heldEndpoint.offer.getState()).toBeNull();
  });

  it('offers nothing when the conversation was held with the endpoint in use, and forgets an offer with a new chat', async () => {
    const { chat, api } = await setup({ chatReply: reply('A') });
    const imported = await api.invoke('history:import', {
      text: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(imported.ok).toBe(true);
    const list = await api.invoke('history:list');
    const id = list.ok ? (list.value.conversations[0]?.id ?? '') : '';
    await chat.open(id);
    expect(chat.heldEndpoint.offer.getState()).toBeNull();
    chat.heldEndpoint.offer.setState({ kind: 'link', linkId: 'x' }, true);
    chat.clear();
    expect(chat.heldEndpoint.offer.getState()).toBeNull();
  });
});
