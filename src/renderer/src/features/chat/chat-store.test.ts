// The chat store over the memory platform: send, stream, stop, fail, continue, regenerate and edit, trim.
import { describe, expect, it } from 'vitest';
import { handTimers } from '@renderer/test-support/hand-timers';
import { answers, reply, settle, setupChatStore as setup } from '@renderer/test-support/chat-store-setup';

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
