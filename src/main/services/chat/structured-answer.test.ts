import { describe, expect, it } from 'vitest';
import type { ChatSendInput } from '@shared/chat/schemas';
import { createStructuredChecker } from '@shared/chat/structured-check';
import type { ChatResult } from '@shared/contract';
import { finishStructured, schemaRefusal } from './structured-answer';

const checker = createStructuredChecker();
const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };

const input = (structured: Record<string, unknown> | null): ChatSendInput => ({
  mode: 'chat',
  requestId: 'r1',
  endpoint: { kind: 'local' },
  systemPrompt: '',
  messages: [{ role: 'user', content: 'count' }],
  sampling: {},
  idSlot: null,
  ...(structured ? { structuredOutput: { schema: structured } } : {}),
});

const result = (fields: Partial<ChatResult>): ChatResult => ({
  content: '',
  reasoning: '',
  toolCalls: [],
  timings: null,
  usage: null,
  finishReason: 'stop',
  status: 'done',
  slotId: null,
  requestId: 'r1',
  elapsedMs: 1,
  ...fields,
});

/** llama-server's answer to a schema it cannot make a grammar of, as http-error.ts words it. */
const refusedBody =
  '{"error":{"code":400,"message":"Unable to generate parser for this template. Automatic parser generation failed: JSON schema error at #: unsupported $ref #foo, only references into the same document are supported","type":"invalid_request_error"}}';

describe('a send that requires a JSON schema, in the core', () => {
  it('refuses a schema ajv cannot use before anything is sent, saying where', () => {
    expect(schemaRefusal(checker, input(schema))).toBeNull();
    expect(schemaRefusal(checker, input(null))).toBeNull();
    const refused = schemaRefusal(checker, input({ type: 'text' }));
    expect(refused?.code).toBe('bad_request');
    expect(refused?.message).toBe(
      "the structured output's JSON schema is not valid at /type: must be equal to one of the allowed values",
    );
    expect(refused?.details).toMatchObject({ reason: 'schema_invalid', path: '/type' });
  });

  it('checks the finished answer against the schema; one cut off at its limit says so', () => {
    expect(finishStructured(checker, input(schema), result({ content: '{"n": 3}' })).schemaCheck).toEqual({
      fits: true,
    });
    expect(finishStructured(checker, input(schema), result({ content: '{"n": "3"}' })).schemaCheck).toMatchObject({
      fits: false,
      reason: 'mismatch',
      path: '/n',
    });
    const cut = result({ content: '{"n": 3', finishReason: 'length' });
    expect(finishStructured(checker, input(schema), cut).schemaCheck).toMatchObject({ reason: 'cut_off' });
    // Stopped, or free text: nothing to check.
    expect(finishStructured(checker, input(schema), result({ status: 'stopped' }))).not.toHaveProperty('schemaCheck');
    expect(finishStructured(checker, input(null), result({ content: 'hi' }))).not.toHaveProperty('schemaCheck');
  });

  it("names a server's refusal of the schema, with its words and without the body; other failures keep theirs", () => {
    const failed = result({
      status: 'error',
      error: {
        code: 'http_error',
        message: 'HTTP 400: Unable to generate parser …',
        details: { status: 400, url: 'http://127.0.0.1:1/v1/chat/completions', body: refusedBody },
      },
    });
    const named = finishStructured(checker, input(schema), failed);
    expect(named.error?.message).toMatch(/^the server cannot answer in this JSON schema: Unable to generate parser/);
    expect(named.error?.details).toEqual({
      status: 400,
      url: 'http://127.0.0.1:1/v1/chat/completions',
      reason: 'schema_rejected',
      said: expect.stringContaining('unsupported $ref #foo'),
    });
    // OpenAI's words for a schema its strict mode does not take.
    const hosted = result({
      status: 'error',
      error: {
        code: 'http_error',
        message: "HTTP 400: Invalid schema for response_format 'answer': 'additionalProperties' is required",
        details: { status: 400, url: 'https://api.example/v1/chat/completions' },
      },
    });
    expect(finishStructured(checker, input(schema), hosted).error?.details?.reason).toBe('schema_rejected');
    const unauthorised = result({
      status: 'error',
      error: { code: 'http_error', message: 'HTTP 401: bad key', details: { status: 401 } },
    });
    expect(finishStructured(checker, input(schema), unauthorised)).toBe(unauthorised);
    expect(finishStructured(checker, input(null), failed)).toBe(failed);
  });
});
