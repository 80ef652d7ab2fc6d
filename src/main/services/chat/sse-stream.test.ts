// The SSE client against a real local HTTP server that misbehaves on purpose
// (@test-support/http/sse-test-server): a whole stream, Stop, paced reading,
// completions and byte decoding.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reduceEvents } from '@shared/chat/stream-reducer';
import type { StreamEvent } from '@shared/chat/types';
import { chunk, handFed, last, timings, useSseTestServer } from '@test-support/http/sse-test-server';
import { collectStream, streamChat, streamCompletion } from './sse-stream';

const sse = useSseTestServer();
const events = sse.events;

describe('streamChat against a well-behaved stream', () => {
  it('yields content, finish, timings and done', async () => {
    const list = await events('/ok');
    expect(list).toEqual([
      { type: 'content', text: 'Hello' },
      { type: 'finish', reason: 'stop' },
      { type: 'timings', timings },
      { type: 'done' },
    ]);
  });

  it('sends JSON with the caller headers and asks for an event stream', async () => {
    const state = await collectStream(
      streamChat({
        url: `${sse.base}/echo`,
        headers: { Authorization: 'Bearer k' },
        body: { model: 'm', stream: true },
      }),
    );
    expect(JSON.parse(state.content)).toEqual({
      auth: 'Bearer k',
      accept: 'text/event-stream, application/json',
      body: { model: 'm', stream: true },
    });
    expect(state.status).toBe('done');
  });
});

describe('Stop', () => {
  it('ends a running stream with stopped, keeping what arrived', async () => {
    const controller = new AbortController();
    let deltas = 0;
    const list: StreamEvent[] = [];
    for await (const event of streamChat({ url: `${sse.base}/endless`, body: {}, signal: controller.signal })) {
      list.push(event);
      if (event.type === 'content' && ++deltas === 3) controller.abort();
    }
    expect(last(list)).toEqual({ type: 'stopped' });
    const state = reduceEvents(list);
    expect(state).toMatchObject({ status: 'stopped' });
    expect(state.content.startsWith('t0 t1 t2 ')).toBe(true);
  });

  // Without the abort the wait would end in idle_timeout.
  it('ends at once when aborted while waiting for headers', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await events('/no-headers', { signal: controller.signal, idleTimeoutMs: 5000 })).toEqual([
      { type: 'stopped' },
    ]);
  });

  it('does not start a request that is already aborted', async () => {
    let called = false;
    const fetch = (async () => {
      called = true;
      return new Response('');
    }) as typeof globalThis.fetch;
    expect(await events('/ok', { signal: AbortSignal.abort(), fetch })).toEqual([{ type: 'stopped' }]);
    expect(called).toBe(false);
  });

  it('closes the connection when the caller leaves the loop early', async () => {
    for await (const event of streamChat({ url: `${sse.base}/endless`, body: {} })) {
      if (event.type === 'content') break;
    }
    await vi.waitFor(() => expect(sse.openResponses.size).toBe(0));
  });
});

describe('paced reading (readIntervalMs)', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the first token at once, then reads no sooner than an interval after a read with events', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const server = handFed();
    const events = streamChat({ url: 'http://stand-in/v1/chat', body: {}, readIntervalMs: 100, fetch: server.fetch });
    // The role chunk alone first, as some servers send it: it must not hold back the first token.
    server.write(chunk({ role: 'assistant', content: null }));
    server.write(chunk({ content: 't0 ' }));
    expect(await events.next()).toEqual({ done: false, value: { type: 'content', text: 't0 ' } });
    server.write(chunk({ content: 't1 ' }));
    let second: IteratorResult<StreamEvent> | undefined;
    const reading = events.next().then((result) => (second = result));
    await vi.advanceTimersByTimeAsync(99);
    expect(second).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await reading;
    expect(second).toEqual({ done: false, value: { type: 'content', text: 't1 ' } });
    await events.return();
  });

  // Without the Stop the wait would outlast the test's timeout.
  it('Stop ends a paced wait at once', async () => {
    const controller = new AbortController();
    const list: StreamEvent[] = [];
    for await (const event of streamChat({
      url: `${sse.base}/endless`,
      body: {},
      signal: controller.signal,
      readIntervalMs: 600_000,
    })) {
      // The first read's events are out; the next read waits unless Stop cuts it short.
      if (list.length === 0) setTimeout(() => controller.abort(), 50);
      list.push(event);
    }
    expect(last(list)).toEqual({ type: 'stopped' });
  });
});

describe('streamCompletion', () => {
  it('ends at stop:true without [DONE] even while the connection stays open', async () => {
    const state = reduceEvents(await events('/completion', {}, streamCompletion));
    expect(state).toMatchObject({ status: 'done', content: 'Once upon', finishReason: 'length', slotId: 1, timings });
  });

  it('reports a stream that ends before stop:true as truncated', async () => {
    const state = reduceEvents(await events('/completion-cut', {}, streamCompletion));
    expect(state).toMatchObject({
      status: 'error',
      content: 'Once',
      error: { code: 'truncated', message: 'the stream ended before stop:true or [DONE]' },
    });
  });
});

describe('byte → text decoding', () => {
  it('keeps a multi-byte character split across network chunks whole', async () => {
    const bytes = new TextEncoder().encode('data: {"choices":[{"delta":{"content":"é你🙂"}}]}\n\ndata: [DONE]\n\n');
    const start = bytes.indexOf(0xc3); // é is C3 A9
    // Every cut point inside the three characters, each in its own network chunk.
    for (let cut = start + 1; cut < start + 9; cut++) {
      const fetch = (async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(bytes.slice(0, cut));
              controller.enqueue(bytes.slice(cut));
              controller.close();
            },
          }),
          { headers: { 'Content-Type': 'text/event-stream' } },
        )) as typeof globalThis.fetch;
      const state = reduceEvents(await events('', { url: 'http://test.invalid/', fetch }));
      expect(state.content, `cut at byte ${cut}`).toBe('é你🙂');
    }
  });
});
