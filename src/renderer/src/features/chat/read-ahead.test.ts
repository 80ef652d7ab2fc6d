import { describe, expect, it } from 'vitest';
import type { InvokeInput } from '@shared/contract';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { createSettingsStore } from '../settings/settings-store';
import { createStatusStore } from '../status/status-store';
import { createChatStore } from './chat-store';
import type { Draft } from './chat-store-types';
import { EMPTY_CONVERSATION } from './conversation';
import { READ_AHEAD_PAUSE_MS, READ_AHEAD_STEP_CHARS } from './read-ahead';
import { createStreamFollower } from './stream-follower';
import { createAgentStore } from '../agent/agent-store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The read-ahead's pause, fired by hand. */
function pauses() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  return {
    setTimeout: (fn: () => void, ms: number) => (pending.set(next, { fn, ms }), next++),
    clearTimeout: (id: unknown) => void pending.delete(id as number),
    /** the user stops typing: every pause ends */
    async pause() {
      for (const [id, { fn, ms }] of [...pending]) {
        expect(ms).toBe(READ_AHEAD_PAUSE_MS);
        pending.delete(id);
        fn();
      }
      for (let i = 0; i < 5; i++) await settle();
    },
  };
}

async function setup(withAgent = false) {
  const api = createMemoryPlatform(withAgent ? { agentScript: { actions: [], answer: 'Done.' } } : {});
  const app = createSettingsStore(api);
  const status = createStatusStore(api);
  const timers = pauses();
  const follower = createStreamFollower(api, (callback) => void callback());
  let n = 0;
  const agent = withAgent ? createAgentStore(api) : undefined;
  const chat = createChatStore({
    api,
    app,
    status,
    follower,
    agent,
    newId: () => `id${++n}`,
    sleep: () => Promise.resolve(),
    draftStorage: null,
    timers,
  });
  const stops = [follower.start(), status.start(), chat.start(), ...(agent ? [agent.start()] : [])];
  await app.refresh();
  await api.invoke('backend:load', { ...api.state.settings.load, modelPath: '/m/qwen.gguf' });
  await settle();
  const type = async (text: string, attachments: Draft['attachments'] = []) => {
    chat.draft.setState({ text, attachments }, true);
    await timers.pause();
  };
  const prefills = () =>
    api.calls.filter((c) => c.channel === 'chat:prefill').map((c) => c.input as InvokeInput<'chat:prefill'>);
  const sends = () =>
    api.calls
      .filter((c) => c.channel === 'chat:send')
      .map((c) => c.input as Extract<InvokeInput<'chat:send'>, { mode: 'chat' }>);
  return { api, app, chat, type, prefills, sends, dispose: () => stops.forEach((stop) => stop()) };
}

describe('reading ahead from the composer', () => {
  it('reads the draft at a pause as the send then carries it: the same prompt, slot and conversation', async () => {
    const { chat, type, prefills, sends, dispose } = await setup();
    await type('What is the capital');
    expect(prefills()).toHaveLength(1);
    await chat.send('What is the capital of France?');
    await type('And of Spa');
    await type('And of Spain?');
    const [first, second, third] = prefills();
    expect(first).toMatchObject({
      endpoint: { kind: 'local' },
      conversationId: null,
      messages: [{ role: 'user', content: 'What is the capital' }],
    });
    expect(sends()[0]).toMatchObject({
      systemPrompt: first?.systemPrompt,
      idSlot: first?.idSlot,
      messages: [{ role: 'user', content: 'What is the capital of France?' }],
    });
    // The follow-up is read in its conversation, after the answer, as its send will carry it.
    expect(second?.conversationId).toBe(chat.conversation.getState().id);
    expect(third?.messages.at(-1)).toEqual({ role: 'user', content: 'And of Spain?' });
    await chat.send('And of Spain?');
    const followUp = sends()[1];
    expect(
      followUp && {
        systemPrompt: followUp.systemPrompt,
        messages: followUp.messages,
        sampling: followUp.sampling,
        idSlot: followUp.idSlot,
      },
    ).toEqual(
      third && {
        systemPrompt: third.systemPrompt,
        messages: third.messages,
        sampling: third.sampling,
        idSlot: third.idSlot,
      },
    );
    dispose();
  });

  it('sends nothing for a pause that changed nothing, and nothing while typing goes on', async () => {
    const { chat, type, prefills, dispose } = await setup();
    await type('Hello');
    chat.draft.setState({ text: 'Hello!', attachments: [] }, true);
    chat.draft.setState({ text: 'Hello', attachments: [] }, true);
    await type('Hello');
    expect(prefills().map((input) => input.messages.at(-1)?.content)).toEqual(['Hello']);
    dispose();
  });

  it('reads a long draft in steps, each at most a step past the last, and an edit goes on from where the texts part', async () => {
    const { type, prefills, dispose } = await setup();
    const pasted = 'A pasted line of text, long enough to need steps.\n'.repeat(50);
    await type(pasted);
    for (let i = 0; i < 10 && prefills().length < 3; i++) await settle();
    const lengths = () => prefills().map((input) => String(input.messages.at(-1)?.content).length);
    expect(lengths()).toEqual([READ_AHEAD_STEP_CHARS, 2 * READ_AHEAD_STEP_CHARS, pasted.length]);
    expect(prefills().every((input) => pasted.startsWith(String(input.messages.at(-1)?.content)))).toBe(true);
    // An edit near the start: read again from there, a step at a time.
    const edited = `X${pasted.slice(1)}`;
    await type(edited);
    for (let i = 0; i < 10 && prefills().length < 6; i++) await settle();
    expect(lengths().slice(3)).toEqual([READ_AHEAD_STEP_CHARS, 2 * READ_AHEAD_STEP_CHARS, edited.length]);
    dispose();
  });

  it('does not read ahead while an answer streams, with tools on but no agent loop, with attachments, for a link, or when turned off', async () => {
    const { api, app, chat, type, prefills, dispose } = await setup();
    let release = () => {};
    api.handle('chat:send', async (input) => {
      await new Promise<void>((resolve) => (release = resolve));
      return {
        ok: true,
        value: {
          content: 'Paris',
          reasoning: '',
          toolCalls: [],
          timings: null,
          usage: null,
          finishReason: 'stop',
          status: 'done',
          slotId: 0,
          requestId: input.requestId,
          elapsedMs: 1,
        },
      };
    });
    const answering = chat.send('First');
    await settle();
    await type('Typed while it answers');
    release();
    await answering;
    chat.useTools.setState(true, true);
    await type('With tools');
    chat.useTools.setState(false, true);
    await type('With a picture', [{ kind: 'image', name: 'a.png', dataUrl: 'data:image/png;base64,AAAA' } as never]);
    expect(prefills()).toHaveLength(0);
    await api.invoke('settings:update', { chat: { readAhead: false } });
    await app.refresh();
    await type('Turned off');
    await api.invoke('settings:update', { chat: { readAhead: true, endpoint: { kind: 'link', linkId: 'remote' } } });
    await app.refresh();
    await type('To a link');
    expect(prefills()).toHaveLength(0);
    dispose();
  });

  it('with tools on, reads ahead the agent run that follows: its system prompt, messages, sampling and tool choices', async () => {
    const { api, chat, type, prefills, dispose } = await setup(true);
    chat.useTools.setState(true, true);
    chat.conversationTools.setState(['controller'], true);
    await type('Move the mouse to the');
    await type('Move the mouse to the corner');
    await chat.send('Move the mouse to the corner');
    const run = api.calls.filter((c) => c.channel === 'agent:run').map((c) => c.input as InvokeInput<'agent:run'>)[0];
    const read = prefills().at(-1);
    expect(read?.agent).toEqual({ enableTools: ['controller'] });
    expect(
      read && {
        systemPrompt: read.systemPrompt,
        messages: read.messages,
        sampling: read.sampling,
        idSlot: read.idSlot,
        endpoint: read.endpoint,
      },
    ).toEqual(
      run && {
        systemPrompt: run.systemPrompt,
        messages: run.messages,
        sampling: run.sampling,
        idSlot: run.idSlot,
        endpoint: run.endpoint,
      },
    );
    expect(run?.enableTools).toEqual(['controller']);
    dispose();
  });

  it('does not read a draft that opening a conversation put back', async () => {
    const { chat, type, prefills, dispose } = await setup();
    chat.conversation.setState({ ...EMPTY_CONVERSATION, id: 'other' }, true);
    await type('A draft kept with that conversation');
    expect(prefills()).toHaveLength(1);
    // Away and back: the draft comes back with the conversation, and nobody typed it.
    chat.conversation.setState(EMPTY_CONVERSATION, true);
    await type('');
    chat.conversation.setState({ ...EMPTY_CONVERSATION, id: 'other' }, true);
    expect(chat.draft.getState().text).toBe('A draft kept with that conversation');
    await type('A draft kept with that conversation');
    expect(prefills()).toHaveLength(1);
    await type('A draft kept with that conversation, typed on');
    expect(prefills()).toHaveLength(2);
    dispose();
  });
});
