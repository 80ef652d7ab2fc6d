import { describe, expect, it } from 'vitest';
import { anthropicError, errorMessageOf, stopReasonOf, toAnthropicMessage, toChatRequest } from './anthropic-messages';

describe('a Messages request as a chat request', () => {
  it('puts the system prompt first and keeps the sampling, stop sequences and stream (with its usage asked for)', () => {
    expect(
      toChatRequest({
        model: 'tiny',
        max_tokens: 64,
        system: [
          { type: 'text', text: 'Be brief.' },
          { type: 'text', text: 'Be kind.' },
        ],
        messages: [{ role: 'user', content: 'Hello' }],
        temperature: 0.2,
        top_p: 0.9,
        top_k: 40,
        stop_sequences: ['END'],
        stream: true,
        metadata: { user_id: 'someone' },
      }),
    ).toEqual({
      model: 'tiny',
      max_tokens: 64,
      messages: [
        { role: 'system', content: 'Be brief.\n\nBe kind.' },
        { role: 'user', content: 'Hello' },
      ],
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      stop: ['END'],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('turns text and image blocks into content parts, a base64 image into a data URL', () => {
    const chat = toChatRequest({
      max_tokens: 10,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'A cat.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Thanks', cache_control: { type: 'ephemeral' } }] },
      ],
    });
    expect(chat.model).toBeUndefined();
    expect(chat.stream).toBeUndefined();
    expect(chat.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0K' } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
        ],
      },
      { role: 'assistant', content: 'A cat.' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('turns tools, the tool choice, a tool_use and its tool_result into their chat forms', () => {
    const chat = toChatRequest({
      max_tokens: 10,
      tools: [
        {
          name: 'calculator',
          description: 'Evaluates arithmetic',
          input_schema: { type: 'object', properties: { expression: { type: 'string' } } },
        },
      ],
      tool_choice: { type: 'tool', name: 'calculator', disable_parallel_tool_use: true },
      messages: [
        { role: 'user', content: 'What is 2+3?' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'I should calculate.', signature: 'x' },
            { type: 'tool_use', id: 'toolu_1', name: 'calculator', input: { expression: '2+3' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: '5' }] },
            { type: 'text', text: 'Say it in words.' },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'no such file', is_error: true }],
        },
      ],
    });
    expect(chat.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'calculator',
          description: 'Evaluates arithmetic',
          parameters: { type: 'object', properties: { expression: { type: 'string' } } },
        },
      },
    ]);
    expect(chat.tool_choice).toEqual({ type: 'function', function: { name: 'calculator' } });
    expect(chat.parallel_tool_calls).toBe(false);
    expect(chat.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'toolu_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"2+3"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: '5' },
      { role: 'user', content: 'Say it in words.' },
      { role: 'tool', tool_call_id: 'toolu_2', content: 'Error: no such file' },
    ]);
    expect(
      toChatRequest({ max_tokens: 1, messages: [{ role: 'user', content: 'x' }], tool_choice: { type: 'any' } }),
    ).toMatchObject({ tool_choice: 'required' });
  });

  it('refuses what is not a Messages request, naming the field', () => {
    expect(() => toChatRequest({ messages: [{ role: 'user', content: 'Hi' }] })).toThrow(/^max_tokens: /);
    expect(() => toChatRequest({ max_tokens: 5, messages: [] })).toThrow(/^messages: /);
    expect(() =>
      toChatRequest({ max_tokens: 5, messages: [{ role: 'user', content: [{ type: 'document', source: {} }] }] }),
    ).toThrow(/^messages\.0\.content/);
    expect(() =>
      toChatRequest({
        max_tokens: 5,
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [{ type: 'web_search_20250305', name: 'web_search' }],
      }),
    ).toThrow(/^tools\.0/);
  });
});

describe('a chat answer as a Message', () => {
  it('has its reasoning, text and tool calls as blocks, the stop reason and the token counts', () => {
    const message = toAnthropicMessage(
      {
        choices: [
          {
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              reasoning_content: 'Adding.',
              content: 'Let me add.',
              tool_calls: [
                { id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"2+3"}' } },
              ],
            },
          },
        ],
        usage: { prompt_tokens: 12, completion_tokens: 7 },
      },
      'msg_1',
      'tiny',
    );
    expect(message).toEqual({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'tiny',
      content: [
        { type: 'thinking', thinking: 'Adding.', signature: '' },
        { type: 'text', text: 'Let me add.' },
        { type: 'tool_use', id: 'call_1', name: 'calculator', input: { expression: '2+3' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 7 },
    });
  });

  it('says why an answer ended, and refuses a tool call whose arguments are not JSON', () => {
    expect(['stop', 'length', 'tool_calls', 'content_filter', null].map(stopReasonOf)).toEqual([
      'end_turn',
      'max_tokens',
      'tool_use',
      'refusal',
      'end_turn',
    ]);
    const broken = {
      choices: [{ message: { tool_calls: [{ id: 'c', function: { name: 'calc', arguments: '{"expr' } }] } }],
    };
    expect(() => toAnthropicMessage(broken, 'msg_2', 'tiny')).toThrow('"calc" has arguments that are not JSON');
  });
});

describe("Anthropic's errors", () => {
  it('have the type its clients expect for each status, and the reason from an OpenAI-style body', () => {
    expect(anthropicError(401, 'no key')).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'no key' },
    });
    expect([400, 403, 404, 429, 502].map((status) => anthropicError(status, '').error.type)).toEqual([
      'invalid_request_error',
      'permission_error',
      'not_found_error',
      'rate_limit_error',
      'api_error',
    ]);
    expect(errorMessageOf('{"error":{"code":400,"message":"context too long","type":"x"}}')).toBe('context too long');
    expect(errorMessageOf('Bad Gateway')).toBe('Bad Gateway');
  });
});
