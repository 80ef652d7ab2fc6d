import { describe, expect, it } from 'vitest';
import { errorMessageOf, parseChunk } from './parse-chunk';

// Shapes copied from what llama-server (tools/server/server-task.cpp) sends.
const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}, finish: string | null = null) => ({
  choices: [{ finish_reason: finish, index: 0, delta }],
  created: 1795423404,
  id: 'chatcmpl-x',
  model: 'tiny.gguf',
  system_fingerprint: 'b1-de3ff81',
  object: 'chat.completion.chunk',
  ...extra,
});

const timings = {
  cache_n: 0,
  prompt_n: 29,
  prompt_ms: 6.192,
  prompt_per_token_ms: 0.2135,
  prompt_per_second: 4683.46,
  predicted_n: 5,
  predicted_ms: 71.434,
  predicted_per_token_ms: 17.8585,
  predicted_per_second: 55.99,
};

describe('parseChunk: OpenAI chat chunks', () => {
  it('reads a content delta', () => {
    expect(parseChunk(chunk({ content: 'Hel' }))).toEqual([{ type: 'content', text: 'Hel' }]);
  });

  it('gives nothing for the role-only first delta and for empty deltas', () => {
    expect(parseChunk(chunk({ role: 'assistant', content: null }))).toEqual([]);
    expect(parseChunk(chunk({}))).toEqual([]);
    expect(parseChunk(chunk({ content: '' }))).toEqual([]);
  });

  it('reads reasoning_content and the `reasoning` spelling', () => {
    expect(parseChunk(chunk({ reasoning_content: 'hmm' }))).toEqual([{ type: 'reasoning', text: 'hmm' }]);
    expect(parseChunk(chunk({ reasoning: 'so' }))).toEqual([{ type: 'reasoning', text: 'so' }]);
  });

  it('reads tool-call deltas with and without id and name', () => {
    const first = chunk({
      tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"ci' } }],
    });
    expect(parseChunk(first)).toEqual([
      { type: 'tool_call', index: 0, id: 'call_1', name: 'get_weather', argumentsDelta: '{"ci' },
    ]);
    const next = chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Paris"}' } }] });
    expect(parseChunk(next)).toEqual([{ type: 'tool_call', index: 0, argumentsDelta: 'ty":"Paris"}' }]);
  });

  it('uses the array position when a server leaves out the tool-call index', () => {
    const events = parseChunk(
      chunk({
        tool_calls: [
          { id: 'a', function: { name: 'x', arguments: '{}' } },
          { id: 'b', function: { name: 'y' } },
        ],
      }),
    );
    expect(events).toEqual([
      { type: 'tool_call', index: 0, id: 'a', name: 'x', argumentsDelta: '{}' },
      { type: 'tool_call', index: 1, id: 'b', name: 'y', argumentsDelta: '' },
    ]);
  });

  it('reads the finish chunk with the model that answered, timings and the slot from __verbose', () => {
    const final = chunk({}, { timings, __verbose: { id_slot: 2 } }, 'length');
    expect(parseChunk(final)).toEqual([
      { type: 'finish', reason: 'length' },
      { type: 'model', model: 'tiny.gguf' },
      { type: 'slot', slotId: 2 },
      { type: 'timings', timings },
    ]);
  });

  it('reads the include_usage chunk (empty choices, usage, timings)', () => {
    const usage = {
      completion_tokens: 5,
      prompt_tokens: 29,
      total_tokens: 34,
      prompt_tokens_details: { cached_tokens: 3 },
    };
    expect(parseChunk({ choices: [], object: 'chat.completion.chunk', usage, timings })).toEqual([
      { type: 'usage', usage: { prompt_tokens: 29, completion_tokens: 5, total_tokens: 34, cached_tokens: 3 } },
      { type: 'timings', timings },
    ]);
  });

  it('fills total_tokens and zero speeds when a server leaves them out or writes null', () => {
    const events = parseChunk({
      usage: { prompt_tokens: 2, completion_tokens: 3 },
      timings: {
        prompt_n: 0,
        prompt_ms: null,
        prompt_per_second: null,
        predicted_n: 1,
        predicted_ms: 2,
        predicted_per_second: 500,
      },
    });
    expect(events).toEqual([
      { type: 'usage', usage: { prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 } },
      {
        type: 'timings',
        timings: {
          prompt_n: 0,
          prompt_ms: 0,
          prompt_per_second: 0,
          predicted_n: 1,
          predicted_ms: 2,
          predicted_per_second: 500,
        },
      },
    ]);
  });

  it('ignores unknown fields everywhere', () => {
    const odd = {
      ...chunk({ content: 'a', role: 'assistant', refusal: null, extra: { deep: [1] } }),
      logprobs: { x: 1 },
      service_tier: 'default',
    };
    expect(parseChunk(odd)).toEqual([{ type: 'content', text: 'a' }]);
  });

  it('reads only the first choice', () => {
    const two = {
      choices: [
        { index: 1, delta: { content: 'B' } },
        { index: 0, delta: { content: 'A' } },
      ],
    };
    expect(parseChunk(two)).toEqual([{ type: 'content', text: 'A' }]);
  });

  it('reads a whole non-stream reply (message instead of delta)', () => {
    const reply = {
      choices: [
        {
          finish_reason: 'tool_calls',
          index: 0,
          message: {
            role: 'assistant',
            content: 'ok',
            reasoning_content: 'why',
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
          },
        },
      ],
      usage: { completion_tokens: 1, prompt_tokens: 1, total_tokens: 2 },
    };
    expect(parseChunk(reply).map((e) => e.type)).toEqual(['reasoning', 'content', 'tool_call', 'finish', 'usage']);
  });

  it('reads /v1/completions text chunks', () => {
    expect(
      parseChunk({
        choices: [{ text: 'Sl', index: 0, logprobs: null, finish_reason: null }],
        object: 'text_completion',
      }),
    ).toEqual([{ type: 'content', text: 'Sl' }]);
  });
});

describe('parseChunk: llama-server /completion chunks', () => {
  it('reads a partial and ignores its placeholder slot -1', () => {
    expect(
      parseChunk({ index: 0, content: ' Campbell', tokens: [22163], stop: false, id_slot: -1, tokens_predicted: 1 }),
    ).toEqual([{ type: 'content', text: ' Campbell' }]);
  });

  it('ends on stop:true with finish, slot, timings and done', () => {
    const last = {
      index: 0,
      content: '',
      id_slot: 0,
      stop: true,
      stop_type: 'limit',
      timings,
      generation_settings: { temperature: 0.8 },
    };
    expect(parseChunk(last)).toEqual([
      { type: 'finish', reason: 'length' },
      { type: 'slot', slotId: 0 },
      { type: 'timings', timings },
      { type: 'done' },
    ]);
    expect(parseChunk({ content: 'x', stop: true, stop_type: 'eos' })).toEqual([
      { type: 'content', text: 'x' },
      { type: 'finish', reason: 'stop' },
      { type: 'done' },
    ]);
  });
});

describe('parseChunk: errors and wrong shapes', () => {
  it('turns an error object into a server_error event', () => {
    const [event] = parseChunk({ error: { code: 500, message: 'context shift is disabled', type: 'server_error' } });
    expect(event).toEqual({
      type: 'error',
      error: {
        code: 'server_error',
        message: 'server error: context shift is disabled',
        details: { error: { code: 500, message: 'context shift is disabled', type: 'server_error' } },
      },
    });
    expect(parseChunk({ error: 'boom' })[0]).toMatchObject({
      type: 'error',
      error: { code: 'server_error', message: 'server error: boom' },
    });
  });

  it('turns a used field of the wrong type into a bad_chunk event', () => {
    const [event] = parseChunk(chunk({ content: 42 }));
    expect(event).toMatchObject({ type: 'error', error: { code: 'bad_chunk' } });
    expect(event?.type === 'error' && event.error.message).toContain('choices.0.delta.content');
    expect(parseChunk({ choices: 'nope' })[0]).toMatchObject({ error: { code: 'bad_chunk' } });
    expect(parseChunk({ timings: { prompt_n: 'many' } })[0]).toMatchObject({ error: { code: 'bad_chunk' } });
  });

  it('refuses non-objects', () => {
    expect(parseChunk(null)[0]).toMatchObject({
      error: { code: 'bad_chunk', message: expect.stringContaining('null') },
    });
    expect(parseChunk('text')[0]).toMatchObject({ error: { code: 'bad_chunk' } });
    expect(parseChunk(3)[0]).toMatchObject({ error: { code: 'bad_chunk' } });
  });

  it('reads an array payload item by item', () => {
    expect(parseChunk([chunk({ content: 'a' }), chunk({ content: 'b' })])).toEqual([
      { type: 'content', text: 'a' },
      { type: 'content', text: 'b' },
    ]);
  });

  it('finds the message in the error shapes servers use', () => {
    expect(errorMessageOf({ message: 'Invalid API Key', type: 'authentication_error', code: 401 })).toBe(
      'Invalid API Key',
    );
    expect(errorMessageOf('plain')).toBe('plain');
    expect(errorMessageOf({ type: 'x' })).toBeNull();
    expect(errorMessageOf(5)).toBeNull();
  });
});

describe('the common token chunk, read without the schema', () => {
  const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    choices: [{ index: 0, delta, finish_reason: null }],
    created: 1,
    id: 'c',
    model: 'm',
    object: 'chat.completion.chunk',
    ...extra,
  });

  it('gives the same events as the full reading', () => {
    expect(parseChunk(chunk({ content: 'Hel' }))).toEqual([{ type: 'content', text: 'Hel' }]);
    expect(parseChunk(chunk({ role: 'assistant', content: null }))).toEqual([]);
    expect(parseChunk(chunk({ content: '' }))).toEqual([]);
  });

  it('leaves every other shape to the schema: wrong types are still errors, other fields still read', () => {
    expect(parseChunk(chunk({ content: 5 }))[0]).toMatchObject({ type: 'error' });
    expect(parseChunk(chunk({ role: 7, content: 'x' }))).toEqual([{ type: 'content', text: 'x' }]);
    expect(parseChunk(chunk({ reasoning_content: 'hm' }))).toEqual([{ type: 'reasoning', text: 'hm' }]);
    expect(
      parseChunk({ ...chunk({ content: 'x' }), timings: { prompt_n: 1, predicted_n: 2 } }).map((e) => e.type),
    ).toEqual(['content', 'timings']);
    expect(
      parseChunk({ choices: [{ index: 0, delta: { content: 'end' }, finish_reason: 'stop' }] }).map((e) => e.type),
    ).toEqual(['content', 'finish']);
  });
});
