import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../history/types';
import { buildChatBody, buildCompletionBody, normalizeMessages } from './request-body';
import type { ChatMessage, SamplingSettings } from './types';

const sampling: SamplingSettings = {
  temperature: 0.7,
  top_k: 40,
  top_p: 0.9,
  min_p: 0.05,
  repeat_penalty: 1.1,
  max_tokens: 256,
  stop: ['</tool_call>', ''],
  seed: 42,
};

describe('buildChatBody', () => {
  it('sends the sampling that is set, on the API scale', () => {
    const body = buildChatBody({ model: 'm', messages: [{ role: 'user', content: 'hi' }], sampling, stream: true });
    expect(body).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      temperature: 0.7,
      top_k: 40,
      top_p: 0.9,
      min_p: 0.05,
      repeat_penalty: 1.1,
      seed: 42,
      max_tokens: 256,
      stop: ['</tool_call>'],
    });
  });

  it('sends nothing extra for a plain OpenAI request', () => {
    const body = buildChatBody({
      model: 'gpt-4o-mini',
      messages: [],
      sampling: { temperature: 1 },
      stream: false,
      includeUsage: true,
      tools: [],
    });
    expect(body).toEqual({ model: 'gpt-4o-mini', messages: [], stream: false, temperature: 1 });
  });

  it('asks for usage and passes tools', () => {
    const tools = [{ type: 'function' as const, function: { name: 'calc', parameters: { type: 'object' } } }];
    const body = buildChatBody({ model: 'm', messages: [], sampling: {}, stream: true, includeUsage: true, tools });
    expect(body.stream_options).toEqual({ include_usage: true });
    expect(body.tools).toBe(tools);
  });

  it('pins a llama-server slot and asks for it to be reported, trimmed to id_slot', () => {
    expect(buildChatBody({ model: 'm', messages: [], sampling: {}, stream: true, idSlot: 2 })).toMatchObject({
      id_slot: 2,
      verbose: true,
      response_fields: ['id_slot'],
    });
    expect(buildChatBody({ model: 'm', messages: [], sampling: {}, stream: true, idSlot: -1 })).toMatchObject({
      id_slot: -1,
      verbose: true,
    });
  });

  it('asks for an answer that fits a JSON schema as response_format, named and strict', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    const body = buildChatBody({
      model: 'm',
      messages: [],
      sampling: {},
      stream: true,
      structuredOutput: { schema, name: 'count' },
    });
    expect(body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'count', schema, strict: true } });
    // A hosted API refuses a json_schema without a name; llama-server ignores it.
    const unnamed = buildChatBody({
      model: 'm',
      messages: [],
      sampling: {},
      stream: true,
      structuredOutput: { schema },
    });
    expect(unnamed.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema, strict: true },
    });
    expect(buildChatBody({ model: 'm', messages: [], sampling: {}, stream: true })).not.toHaveProperty(
      'response_format',
    );
  });
});

describe('buildCompletionBody', () => {
  it('builds a llama-server /completion body with n_predict', () => {
    expect(buildCompletionBody({ prompt: 'Once', sampling: { max_tokens: 8, temperature: 0.5 }, idSlot: 0 })).toEqual({
      prompt: 'Once',
      stream: true,
      temperature: 0.5,
      n_predict: 8,
      id_slot: 0,
    });
  });

  it('builds an OpenAI /v1/completions body with max_tokens and model', () => {
    expect(
      buildCompletionBody({
        prompt: 'Once',
        sampling: { max_tokens: 8 },
        api: 'openai',
        model: 'm',
        includeUsage: true,
      }),
    ).toEqual({
      model: 'm',
      prompt: 'Once',
      stream: true,
      max_tokens: 8,
      stream_options: { include_usage: true },
    });
  });
});

describe('normalizeMessages', () => {
  it('puts exactly one system message first, injecting one when there is none', () => {
    expect(normalizeMessages([{ role: 'user', content: 'hi' }], 'You are EVA.')).toEqual([
      { role: 'system', content: 'You are EVA.' },
      { role: 'user', content: 'hi' },
    ]);
    expect(normalizeMessages([{ role: 'user', content: 'hi' }], '')[0]).toEqual({ role: 'system', content: '' });
  });

  it('merges stray system messages into the first, without duplicates', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are EVA.' },
      { role: 'user', content: 'a' },
      { role: 'system', content: 'Answer briefly.' },
      { role: 'assistant', content: 'b' },
    ];
    const out = normalizeMessages(messages, 'You are EVA.');
    expect(out.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(out[0]?.content).toBe('You are EVA.\n\nAnswer briefly.');
  });

  it('strips thinking from earlier answers and never sends reasoning', () => {
    const out = normalizeMessages(
      [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: '<think>\nsecret\n</think>\n\nAnswer', reasoning: 'more secret' },
        { role: 'assistant', content: [{ type: 'text', text: '<think>x</think>Parts' }] },
      ],
      's',
    );
    expect(out[2]).toEqual({ role: 'assistant', content: 'Answer' });
    expect(out[3]).toEqual({ role: 'assistant', content: 'Parts' });
    expect(JSON.stringify(out)).not.toContain('secret');
  });

  it('keeps image and audio parts, converts old audio_url data URLs, flattens text-only parts', () => {
    const out = normalizeMessages(
      [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            { type: 'input_audio', input_audio: { data: 'BBBB', format: 'wav' } },
            { type: 'audio_url', audio_url: { url: 'data:audio/mpeg;base64,CCCC' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'one' },
            { type: 'text', text: 'two' },
          ],
        },
      ],
      's',
    );
    expect(out[1]?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
      { type: 'input_audio', input_audio: { data: 'BBBB', format: 'wav' } },
      { type: 'input_audio', input_audio: { data: 'CCCC', format: 'mp3' } },
    ]);
    expect(out[2]?.content).toBe('one\ntwo');
  });

  it('sends tool calls and tool results in the wire names', () => {
    const out = normalizeMessages(
      [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } }],
        },
        { role: 'tool', content: 'Sunny', toolCallId: 'c1', name: 'weather' },
      ],
      's',
    );
    expect(out[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } }],
    });
    expect(out[3]).toEqual({ role: 'tool', content: 'Sunny', tool_call_id: 'c1', name: 'weather' });
  });

  it('takes history messages as they are stored', () => {
    const stored: StoredMessage = {
      id: 'a',
      parentId: null,
      role: 'assistant',
      content: 'x',
      reasoning: 'r',
      status: 'complete',
      createdAt: 1,
      updatedAt: 1,
    };
    // Compile-time check: a StoredMessage is a ChatMessage.
    const asChat: ChatMessage = stored;
    expect(normalizeMessages([asChat], '')[1]).toEqual({ role: 'assistant', content: 'x' });
  });
});
