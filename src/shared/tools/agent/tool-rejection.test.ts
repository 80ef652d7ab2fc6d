import { describe, expect, it } from 'vitest';
import type { ChatError } from '../../chat/types';
import { nativeToolRejection } from './tool-rejection';

const http = (status: number, message: string, body = ''): ChatError => ({
  code: 'http_error',
  message: `HTTP ${status}: ${message}`,
  details: { status, url: 'http://x', body },
});
const first = { sentToolMessages: false };
const later = { sentToolMessages: true };

describe('nativeToolRejection', () => {
  it('llama-server without --jinja, template errors and APIs that name tools are refusals', () => {
    expect(nativeToolRejection(http(500, 'tools param requires --jinja flag'), first)).toBe(
      'the endpoint refused native tool calls (HTTP 500: tools param requires --jinja flag)',
    );
    expect(nativeToolRejection(http(400, 'Unable to generate parser for this template'), first)).toMatch(
      /refused native tool calls/,
    );
    expect(nativeToolRejection(http(400, 'Unrecognized request argument supplied: tools'), first)).not.toBeNull();
    expect(
      nativeToolRejection(http(422, 'Bad Request', '{"detail":"function calling is not supported"}'), first),
    ).not.toBeNull();
    expect(
      nativeToolRejection({ code: 'server_error', message: 'server error: Jinja exception: Unknown role tool' }, first),
    ).not.toBeNull();
    const unparsed = {
      code: 'server_error' as const,
      message: 'server error: The model produced output that does not match the expected peg-native format',
    };
    expect(nativeToolRejection(unparsed, first)).toMatch(/^the server could not read the model's native tool call/);
  });

  it('once tool messages were sent, a bare 400/500 or an unreadable reply is a refusal of them', () => {
    expect(nativeToolRejection(http(400, 'Bad Request'), later)).toBe(
      'the endpoint refused the tool result messages (HTTP 400: Bad Request)',
    );
    expect(nativeToolRejection(http(500, 'Internal Server Error'), later)).not.toBeNull();
    expect(nativeToolRejection({ code: 'bad_json', message: 'the server sent data that is not JSON' }, later)).toMatch(
      /unreadable reply/,
    );
    expect(
      nativeToolRejection({ code: 'not_sse', message: 'the server answered with an HTML page' }, later),
    ).not.toBeNull();
    expect(nativeToolRejection({ code: 'server_error', message: 'server error: oops' }, later)).not.toBeNull();
  });

  it('the same bare errors before any tool message are not blamed on tools', () => {
    expect(nativeToolRejection(http(400, 'Bad Request'), first)).toBeNull();
    expect(
      nativeToolRejection({ code: 'bad_json', message: 'the server sent data that is not JSON' }, first),
    ).toBeNull();
    expect(nativeToolRejection({ code: 'server_error', message: 'server error: oops' }, first)).toBeNull();
  });

  it('failures with another cause never switch protocols', () => {
    expect(nativeToolRejection(http(401, 'Invalid API key for tools'), later)).toBeNull();
    expect(nativeToolRejection(http(429, 'Too many requests'), later)).toBeNull();
    expect(nativeToolRejection(http(404, 'model not found'), later)).toBeNull();
    expect(
      nativeToolRejection(http(400, "This model's maximum context length is 8192 tokens, tools included"), later),
    ).toBeNull();
    expect(
      nativeToolRejection({ code: 'network', message: 'could not reach http://x: ECONNREFUSED' }, later),
    ).toBeNull();
    expect(nativeToolRejection({ code: 'idle_timeout', message: 'no data for 120 s' }, later)).toBeNull();
    expect(nativeToolRejection({ code: 'truncated', message: 'the stream ended early' }, later)).toBeNull();
    expect(nativeToolRejection(undefined, later)).toBeNull();
  });
});
