import { describe, expect, it } from 'vitest';
import { initialStreamingMessage, parseChunk, reduceEvents, reduceStream } from './stream-reducer';
import type { StreamEvent, StreamingMessage, Timings } from './types';

const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
  choices: [{ index: 0, delta: d, finish_reason: finish }],
  object: 'chat.completion.chunk',
});
const timings: Timings = {
  prompt_n: 3,
  prompt_ms: 1,
  prompt_per_second: 3000,
  predicted_n: 2,
  predicted_ms: 4,
  predicted_per_second: 500,
};

/** Applies events one at a time and returns every intermediate state. */
function steps(events: StreamEvent[]): StreamingMessage[] {
  const out: StreamingMessage[] = [];
  let state = initialStreamingMessage();
  for (const event of events) {
    state = reduceStream(state, event);
    out.push(state);
  }
  return out;
}

describe('stream reducer, event by event', () => {
  it('starts empty and streaming', () => {
    expect(initialStreamingMessage()).toMatchObject({
      content: '',
      reasoning: '',
      toolCalls: [],
      timings: null,
      usage: null,
      finishReason: null,
      status: 'streaming',
      slotId: null,
    });
  });

  it('applies every kind of event', () => {
    const s = steps([
      { type: 'reasoning', text: 'Think' },
      { type: 'content', text: 'Hi' },
      { type: 'content', text: ' there' },
      { type: 'tool_call', index: 0, id: 'c1', name: 'f', argumentsDelta: '{"a"' },
      { type: 'tool_call', index: 0, argumentsDelta: ':1}' },
      { type: 'finish', reason: 'tool_calls' },
      { type: 'slot', slotId: 1 },
      { type: 'usage', usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } },
      { type: 'timings', timings },
      { type: 'done' },
    ]);
    expect(s[0]).toMatchObject({ reasoning: 'Think', content: '' });
    expect(s[1]).toMatchObject({ content: 'Hi' });
    expect(s[2]).toMatchObject({ content: 'Hi there' });
    expect(s[3]?.toolCalls).toEqual([{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a"' } }]);
    expect(s[4]?.toolCalls).toEqual([{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }]);
    expect(s[5]).toMatchObject({ finishReason: 'tool_calls', status: 'streaming' });
    expect(s[6]).toMatchObject({ slotId: 1 });
    expect(s[7]?.usage).toEqual({ prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 });
    expect(s[8]?.timings).toEqual(timings);
    expect(s[9]).toMatchObject({ status: 'done', content: 'Hi there', reasoning: 'Think' });
    expect(s[9]?.error).toBeUndefined();
  });

  it('keeps who wrote the answer: the endpoint asked, renamed by the model the server says answered', () => {
    const author = { kind: 'link' as const, model: 'gpt-4o', linkId: 'l1', linkName: 'Work API' };
    const state = reduceEvents([
      { type: 'model', model: 'ignored without an endpoint' },
      { type: 'author', author },
      { type: 'content', text: 'Hi' },
      { type: 'finish', reason: 'stop' },
      { type: 'model', model: 'gpt-4o-2024-08-06' },
      { type: 'done' },
    ]);
    expect(state.author).toEqual({ ...author, model: 'gpt-4o-2024-08-06' });
    expect(author.model).toBe('gpt-4o');
    expect(reduceEvents([{ type: 'model', model: 'm' }]).author).toBeUndefined();
  });

  it('keeps parallel tool calls apart by index, whatever order they arrive in', () => {
    const state = reduceEvents([
      { type: 'tool_call', index: 1, id: 'b', name: 'g', argumentsDelta: '{' },
      { type: 'tool_call', index: 0, id: 'a', name: 'f', argumentsDelta: '[' },
      { type: 'tool_call', index: 1, argumentsDelta: '}' },
      { type: 'tool_call', index: 0, id: 'a', name: 'f', argumentsDelta: ']' },
    ]);
    expect(state.toolCalls.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['b', 'g', '{}'],
      ['a', 'f', '[]'],
    ]);
  });

  it('turns inline <think> into reasoning, tags split across chunks', () => {
    const chunks = [
      delta({ content: '<thi' }),
      delta({ content: 'nk>plan' }),
      delta({ content: ' more</th' }),
      delta({ content: 'ink>\nAns' }),
      delta({ content: 'wer' }),
    ];
    const s = steps(chunks.flatMap(parseChunk));
    expect(s.map((x) => [x.reasoning, x.content])).toEqual([
      ['', ''],
      ['plan', ''],
      ['plan more', ''],
      ['plan more', '\nAns'],
      ['plan more', '\nAnswer'],
    ]);
  });

  it('gives back a held-back tag half at the end', () => {
    const state = reduceEvents([{ type: 'content', text: 'a <th' }, { type: 'done' }]);
    expect(state).toMatchObject({ content: 'a <th', status: 'done' });
  });

  it('ignores empty deltas and unknown fields', () => {
    const events = [
      delta({ role: 'assistant', content: null }),
      delta({}),
      delta({ content: '' }),
      { ...delta({ content: 'x' }), brand_new_field: { a: 1 } },
    ].flatMap(parseChunk);
    expect(events).toEqual([{ type: 'content', text: 'x' }]);
    expect(reduceEvents(events).content).toBe('x');
  });

  it('ends at [DONE] (a done event) and ignores anything after', () => {
    const done = reduceEvents([{ type: 'content', text: 'a' }, { type: 'done' }]);
    expect(done.status).toBe('done');
    expect(reduceStream(done, { type: 'content', text: 'late' })).toBe(done);
    expect(reduceStream(done, { type: 'error', error: { code: 'truncated', message: 'x' } })).toBe(done);
  });

  it('keeps partial text on Stop', () => {
    const state = reduceEvents([
      { type: 'reasoning', text: 'r' },
      { type: 'content', text: 'partial' },
      { type: 'stopped' },
    ]);
    expect(state).toMatchObject({ status: 'stopped', content: 'partial', reasoning: 'r' });
    expect(state.error).toBeUndefined();
  });

  it('keeps partial text on an error and records the error', () => {
    const error = { code: 'truncated' as const, message: 'the stream ended before [DONE] or a finish reason' };
    const state = reduceEvents([
      { type: 'content', text: 'half' },
      { type: 'error', error },
    ]);
    expect(state).toMatchObject({ status: 'error', content: 'half', error });
  });

  it('does not change the state it was given', () => {
    const before = initialStreamingMessage();
    const snapshot = structuredClone(before);
    reduceStream(before, { type: 'tool_call', index: 0, id: 'a', name: 'f', argumentsDelta: '' });
    reduceStream(before, { type: 'content', text: '<think>x' });
    expect(before).toEqual(snapshot);
  });

  it('replays a recorded llama-server /completion stream', () => {
    const chunks = [
      { index: 0, content: ' Camp', stop: false, id_slot: -1 },
      { index: 0, content: 'bell', stop: false, id_slot: -1 },
      { index: 0, content: '', stop: true, id_slot: 0, stop_type: 'limit', timings },
    ];
    expect(reduceEvents(chunks.flatMap(parseChunk))).toMatchObject({
      content: ' Campbell',
      status: 'done',
      finishReason: 'length',
      slotId: 0,
      timings,
    });
  });
});
