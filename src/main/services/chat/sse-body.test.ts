// The answer's body when it goes wrong (sse-body.ts), against a real local HTTP
// server that misbehaves on purpose (@test-support/http/sse-test-server).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { reduceEvents } from '@shared/chat/stream-reducer';
import { last, timings, useSseTestServer } from '@test-support/http/sse-test-server';

const sse = useSseTestServer();
const events = sse.events;

describe('streamChat against malformed streams', () => {
  it('ignores garbage lines, comments, unknown fields and other event types', async () => {
    const state = reduceEvents(await events('/garbage'));
    expect(state).toMatchObject({ content: 'AB', status: 'done' });
  });

  it('stops at invalid JSON in data: with bad_json, keeping the text so far', async () => {
    const list = await events('/bad-json');
    expect(last(list)).toMatchObject({
      type: 'error',
      error: {
        code: 'bad_json',
        message: 'the server sent an event that is not JSON',
        details: { data: '{"choices": [oops' },
      },
    });
    expect(reduceEvents(list)).toMatchObject({ status: 'error', content: 'kept' });
  });

  it('stops at a chunk with a wrong type with bad_chunk', async () => {
    const state = reduceEvents(await events('/wrong-type'));
    expect(state).toMatchObject({ status: 'error', content: 'kept', error: { code: 'bad_chunk' } });
  });

  it('reports a connection cut mid-event as truncated, keeping the text so far', async () => {
    const state = reduceEvents(await events('/cut'));
    expect(state).toMatchObject({ status: 'error', content: 'partial', error: { code: 'truncated' } });
    expect(state.error?.message).toMatch(/^the connection was cut before the answer finished \(.+\)$/);
  });

  it('reports a clean close before [DONE] or a finish reason as truncated', async () => {
    const state = reduceEvents(await events('/clean-close'));
    expect(state).toMatchObject({
      status: 'error',
      content: 'partial',
      error: { code: 'truncated', message: 'the stream ended before [DONE] or a finish reason' },
    });
  });

  it('accepts a finish reason followed by a clean close without [DONE]', async () => {
    expect(reduceEvents(await events('/finish-no-done'))).toMatchObject({
      status: 'done',
      content: 'whole',
      finishReason: 'stop',
    });
  });

  it('surfaces the message of an HTTP 500 JSON body', async () => {
    const list = await events('/500-json');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'error',
      error: { code: 'http_error', message: 'HTTP 500: the model crashed', details: { status: 500 } },
    });
  });

  it('surfaces HTTP 401 and 404 (a wrong key, a wrong model) with the server message', async () => {
    expect((await events('/401'))[0]).toMatchObject({
      error: { code: 'http_error', message: 'HTTP 401: Invalid API Key' },
    });
    expect((await events('/404-model'))[0]).toMatchObject({
      error: {
        code: 'http_error',
        message: 'HTTP 404: The model `gpt-nope` does not exist or you do not have access to it.',
      },
    });
    expect((await events('/502-html'))[0]).toMatchObject({
      error: { code: 'http_error', message: 'HTTP 502: 502 Bad Gateway' },
    });
  });

  it('reports HTML instead of an event stream', async () => {
    expect(await events('/html')).toEqual([
      {
        type: 'error',
        error: {
          code: 'not_sse',
          message: 'the server sent HTML instead of an event stream',
          details: expect.objectContaining({ contentType: 'text/html; charset=utf-8', status: 200 }),
        },
      },
    ]);
    expect((await events('/html-untyped'))[0]).toMatchObject({
      error: { code: 'not_sse', message: 'the server sent HTML instead of an event stream' },
    });
    expect((await events('/plain-text'))[0]).toMatchObject({
      error: { code: 'not_sse', message: 'the server did not send an event stream (content-type: text/plain)' },
    });
  });

  it('reads an event stream sent without a content type', async () => {
    expect(reduceEvents(await events('/untyped-sse'))).toMatchObject({ status: 'done', content: 'sniffed' });
  });

  it('gives up after the idle timeout, keeping the text so far', async () => {
    const state = reduceEvents(await events('/silence', { idleTimeoutMs: 300 }));
    expect(state).toMatchObject({
      status: 'error',
      content: 'before the silence',
      error: { code: 'idle_timeout', message: 'no data for 0.3 s' },
    });
  });

  it('gives up after the idle timeout when not even headers come', async () => {
    expect(await events('/no-headers', { idleTimeoutMs: 300 })).toEqual([
      { type: 'error', error: { code: 'idle_timeout', message: 'no data for 0.3 s', details: { idleTimeoutMs: 300 } } },
    ]);
  });

  it('works with CRLF line endings and a BOM', async () => {
    expect(reduceEvents(await events('/crlf-bom'))).toMatchObject({
      status: 'done',
      content: 'CR',
      finishReason: 'stop',
    });
  });

  it('works when data: and multi-byte characters are split across TCP writes', async () => {
    expect(reduceEvents(await events('/split'))).toMatchObject({ status: 'done', content: '你好🙂' });
  });

  it('joins a multi-line data: field', async () => {
    expect(reduceEvents(await events('/multiline-data'))).toMatchObject({ status: 'done', content: 'two lines' });
  });

  it('ends on an error object inside the stream, keeping the text so far', async () => {
    expect(reduceEvents(await events('/stream-error'))).toMatchObject({
      status: 'error',
      content: 'partial',
      error: { code: 'server_error', message: 'server error: context shift is disabled' },
    });
    expect(reduceEvents(await events('/event-error'))).toMatchObject({
      status: 'error',
      content: 'partial',
      error: { code: 'server_error', message: 'server error: overloaded' },
    });
  });

  it('handles a whole JSON reply when the server did not stream', async () => {
    const state = reduceEvents(await events('/non-stream'));
    expect(state).toMatchObject({
      status: 'done',
      content: 'all at once',
      reasoning: 'thought',
      finishReason: 'stop',
      usage: { total_tokens: 4 },
      timings,
    });
    expect(reduceEvents(await events('/json-not-completion'))).toMatchObject({
      status: 'error',
      error: { code: 'bad_chunk' },
    });
  });

  it('reports an unreachable server as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const list = await events('', { url: `http://127.0.0.1:${port}/v1/chat/completions` });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'error',
      error: {
        code: 'network',
        message: expect.stringMatching(
          /^could not reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*ECONNREFUSED/,
        ),
      },
    });
  });
});
