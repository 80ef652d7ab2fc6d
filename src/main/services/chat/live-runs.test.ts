import { describe, expect, it } from 'vitest';
import type { EventName, EventPayloads } from '@shared/contract';
import { EventBus } from '../events/event-bus';
import { reduceEvents } from '@shared/chat/stream-reducer';
import type { StreamingMessage } from '@shared/chat/types';
import { LiveRuns } from './live-runs';

function setup() {
  const bus = new EventBus();
  const heard: { event: EventName; payload: unknown }[] = [];
  bus.attach((event, payload) => heard.push({ event, payload }));
  const live = new LiveRuns(bus.emit, () => 1000);
  bus.attach(live.observe);
  // The chat service reduces each stream once and hands its state on; this stands in for it.
  const states = new Map<string, StreamingMessage>();
  const stream = (requestId: string, ...texts: string[]) => {
    const state = reduceEvents(
      texts.map((text) => ({ type: 'content' as const, text })),
      states.get(requestId),
    );
    states.set(requestId, state);
    live.streamed(requestId, state);
  };
  return { bus, heard, live, stream };
}

const record = { conversationId: 'c1', answerId: 'a1' };
const ask = (askId: string, tool = 'write_file'): EventPayloads['agent:ask'] => ({
  requestId: 'run',
  askId,
  tool,
  risk: 'write',
  args: {},
  preview: { kind: 'none', text: '' },
  choices: ['allow_once', 'allow_conversation', 'deny'],
});

describe('live runs', () => {
  it('a recorded chat request is listed with its text so far, and says chat:ended once its work settles', async () => {
    const { heard, live, stream } = setup();
    let finish: (value: string) => void = () => undefined;
    const tracked = live.track(
      { requestId: 'r1', kind: 'chat', record },
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    stream('r1', 'Hel', 'lo');
    stream('other', 'not mine');
    const [run] = live.inConversation('c1');
    expect(run).toMatchObject({ requestId: 'r1', kind: 'chat', answerId: 'a1', turn: 'r1', startedAt: 1000 });
    expect(run?.message.content).toBe('Hello');
    expect(live.inConversation('c2')).toEqual([]);
    expect(heard.some((h) => h.event === 'chat:ended')).toBe(false);

    finish('done');
    await expect(tracked).resolves.toBe('done');
    expect(live.inConversation('c1')).toEqual([]);
    expect(heard.at(-1)).toEqual({
      event: 'chat:ended',
      payload: { requestId: 'r1', conversationId: 'c1', answerId: 'a1' },
    });
  });

  it('a failed request ends too, and the caller still gets the failure', async () => {
    const { heard, live } = setup();
    await expect(
      live.track({ requestId: 'r1', kind: 'chat', record }, () => Promise.reject(new Error('server gone'))),
    ).rejects.toThrow('server gone');
    expect(heard.filter((h) => h.event === 'chat:ended')).toHaveLength(1);
    expect(live.inConversation('c1')).toEqual([]);
  });

  it('a request without a record (a title, completion mode) is not tracked', async () => {
    const { heard, live, stream } = setup();
    await live.track({ requestId: 'r1', kind: 'chat' }, async () => {
      stream('r1', 'x');
      expect(live.inConversation('c1')).toEqual([]);
    });
    expect(heard.some((h) => h.event === 'chat:ended')).toBe(false);
  });

  it('an agent run: each model turn starts afresh, steps and cards are kept, an allow-for-this-conversation answer joins the allowed list', async () => {
    const { bus, live, stream } = setup();
    let finish: () => void = () => undefined;
    void live.track(
      { requestId: 'run', kind: 'agent', record, conversationAllowed: ['read_file'] },
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    stream('run:0', 'Let me write it.');
    bus.emit('agent:ask', ask('q1'));
    bus.emit('agent:ask', ask('q1'));
    let [run] = live.inConversation('c1');
    expect(run?.turn).toBe('run:0');
    expect(run?.message.content).toBe('Let me write it.');
    expect(run?.asks).toEqual([{ request: ask('q1'), answer: null }]);

    live.answered('q1', { kind: 'allow_conversation' });
    live.answered('unknown', { kind: 'allow_once' });
    const step = {
      index: 0,
      kind: 'tool' as const,
      tool: 'write_file',
      args: {},
      status: 'ok' as const,
      output: 'written',
      durationMs: 3,
      turn: 0,
      askId: 'q1',
    };
    bus.emit('agent:step', { requestId: 'run', step });
    bus.emit('agent:step', { requestId: 'run', step: { ...step, output: 'written again' } });
    stream('run:1', 'Done');
    [run] = live.inConversation('c1');
    expect(run?.turn).toBe('run:1');
    expect(run?.message.content).toBe('Done');
    expect(run?.asks[0]?.answer).toEqual({ kind: 'allow_conversation' });
    expect(run?.allowed).toEqual(['read_file', 'write_file']);
    expect(run?.steps).toEqual([{ ...step, output: 'written again' }]);

    // What a caller gets is a copy: changing it changes nothing here.
    run?.steps.push(step);
    expect(live.inConversation('c1')[0]?.steps).toHaveLength(1);
    finish();
  });

  it('an open form card is listed with its run until the core says it is answered or cancelled', async () => {
    const { bus, live } = setup();
    let finish: () => void = () => undefined;
    void live.track({ requestId: 'run', kind: 'agent', record }, () => new Promise<void>((r) => (finish = r)));
    const form = (askId: string, requestId = 'run'): EventPayloads['agent:elicit'] => ({
      requestId,
      askId,
      server: 'py',
      tool: 'details',
      message: 'Who are you?',
      fields: [{ name: 'name', label: 'Name', required: true, type: 'string' }],
    });
    bus.emit('agent:elicit', form('f1'));
    bus.emit('agent:elicit', form('f1'));
    bus.emit('agent:elicit', form('f2'));
    bus.emit('agent:elicit', form('f3', 'not-tracked'));
    expect(live.inConversation('c1')[0]?.forms).toEqual([form('f1'), form('f2')]);

    bus.emit('agent:elicit-closed', { requestId: 'run', askId: 'f1' });
    bus.emit('agent:elicit-closed', { requestId: 'not-tracked', askId: 'f2' });
    expect(live.inConversation('c1')[0]?.forms).toEqual([form('f2')]);
    bus.emit('agent:elicit-closed', { requestId: 'run', askId: 'f2' });
    expect(live.inConversation('c1')[0]?.forms).toEqual([]);
    finish();
  });

  it("a chat request's id with a colon is not taken for an agent turn", async () => {
    const { live, stream } = setup();
    void live.track({ requestId: 'r1', kind: 'chat', record }, () => new Promise(() => undefined));
    stream('r1:0', 'x');
    expect(live.inConversation('c1')[0]?.message.content).toBe('');
  });
});
