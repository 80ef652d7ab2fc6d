// POSTs a request to the model server and turns the answer into StreamEvents.
// The request goes out over node:http (see http-post.ts for why not fetch).
// Bytes → text with a streaming TextDecoder (multi-byte characters split across
// network chunks, BOM), text → SSE events with eventsource-parser (CR, CRLF,
// multi-line data, chunk boundaries), events → StreamEvents with parseChunk.
//
// An async iterable rather than callbacks: the caller writes
// `for await (const e of streamChat(...)) state = reduceStream(state, e)`,
// every stream ends with exactly one terminal event (done | stopped | error),
// and leaving the loop early (break, throw) cancels the request in `finally`.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { parseChunk } from '@shared/chat/parse-chunk';
import type { ChatError, ChatErrorCode, StreamEvent } from '@shared/chat/types';
import { httpError, isHtml } from './http-error';
import { postWithFetch, postWithHttp, type PostReply } from './http-post';
import { startWatchdog, type StreamWatchdog } from './stream-watchdog';

export interface StreamRequest {
  url: string;
  /** Authorization and the like; Content-Type and Accept are set here */
  headers?: Record<string, string>;
  /** sent as JSON */
  body: unknown;
  /** abort = the user's Stop: the stream ends at once with a `stopped` event */
  signal?: AbortSignal;
  /** no bytes for this long ends the stream with idle_timeout (default 120 s, as EVA); llama-server pings every 30 s */
  idleTimeoutMs?: number;
  /**
   * After a read that brought events, the connection is read again no sooner than this
   * (what arrives meanwhile waits in the kernel and comes in one read): a fast model then
   * costs a read an interval rather than one a token. 0 (default): read as bytes come.
   */
  readIntervalMs?: number;
  /** sends the request through this fetch instead of node:http (tests fake a server with it) */
  fetch?: typeof globalThis.fetch;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
/** One SSE event larger than this is refused rather than buffered without end. */
const MAX_EVENT_CHARS = 16 * 1024 * 1024;
const MAX_JSON_BODY_CHARS = 32 * 1024 * 1024;
const MAX_ERROR_BODY_CHARS = 64 * 1024;

type Mode = 'chat' | 'completion';
type BodyKind = 'sse' | 'json' | 'html' | 'unknown';

/** /v1/chat/completions (or any OpenAI-style stream): ends at [DONE], or a finish reason and a clean close. */
export function streamChat(request: StreamRequest): AsyncGenerator<StreamEvent, void, undefined> {
  return streamEvents(request, 'chat');
}

/** llama-server /completion (ends at stop:true, no [DONE]) or /v1/completions (ends at [DONE]). */
export function streamCompletion(request: StreamRequest): AsyncGenerator<StreamEvent, void, undefined> {
  return streamEvents(request, 'completion');
}

async function* streamEvents(request: StreamRequest, mode: Mode): AsyncGenerator<StreamEvent, void, undefined> {
  const watch = startWatchdog(request.signal, request.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS);
  const url = request.url;
  try {
    if (watch.userAborted()) {
      yield { type: 'stopped' };
      return;
    }
    const post = request.fetch ? postWithFetch(request.fetch) : postWithHttp;
    let response: PostReply;
    try {
      response = await post({
        url,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream, application/json',
          ...request.headers,
        },
        body: JSON.stringify(request.body),
        signal: watch.signal,
      });
    } catch (error) {
      yield watch.explain(chatError('network', `could not reach ${url}: ${causeOf(error)}`, { url }));
      return;
    }
    watch.touch();
    const contentType = response.contentType;
    const chunks = textChunks(response.body, watch);
    const ok = response.status >= 200 && response.status < 300;
    if (!ok) {
      let body = '';
      try {
        for await (const text of chunks) {
          body += text;
          if (body.length >= MAX_ERROR_BODY_CHARS) break;
        }
      } catch (error) {
        // The status is known even if its body was cut off; say that rather than "network".
        yield watch.explain(
          httpError({
            status: response.status,
            statusText: response.statusText,
            contentType,
            body: `${body} (${causeOf(error)})`,
            url,
          }),
        );
        return;
      }
      yield {
        type: 'error',
        error: httpError({ status: response.status, statusText: response.statusText, contentType, body, url }),
      };
      return;
    }
    yield* readBody(chunks, contentType, mode, watch, { url, status: response.status }, request.readIntervalMs ?? 0);
  } finally {
    watch.dispose();
  }
}

async function* readBody(
  chunks: AsyncGenerator<string>,
  contentType: string | null,
  mode: Mode,
  watch: StreamWatchdog,
  where: { url: string; status: number },
  readIntervalMs: number,
): AsyncGenerator<StreamEvent, void, undefined> {
  let kind = kindOf(contentType);
  const declaredSse = kind === 'sse';
  const sse = sseEvents();
  let json = '';
  let head = '';
  let sawFinish = false;
  try {
    for await (const text of chunks) {
      const readAt = performance.now();
      if (watch.userAborted()) {
        yield { type: 'stopped' };
        return;
      }
      let piece = text;
      if (kind === 'unknown') {
        head += text;
        kind = sniff(head);
        if (kind === 'unknown') continue;
        piece = head;
      }
      if (kind === 'html') {
        yield notSse('the server sent HTML instead of an event stream', contentType, piece, where);
        return;
      }
      if (kind === 'json') {
        json += piece;
        if (json.length > MAX_JSON_BODY_CHARS) {
          yield {
            type: 'error',
            error: chatError('too_large', `the reply is larger than ${MAX_JSON_BODY_CHARS} characters`, where),
          };
          return;
        }
        continue;
      }
      const events = sse.feed(piece);
      for (const event of events) {
        if (watch.userAborted()) {
          yield { type: 'stopped' };
          return;
        }
        if (event.type === 'finish') sawFinish = true;
        yield event;
        if (event.type === 'done' || event.type === 'error') return;
      }
      // Only after events: a read of a role chunk or a ping must not hold back the first token.
      if (readIntervalMs > 0 && events.length > 0) await watch.sleep(readAt + readIntervalMs - performance.now());
    }
  } catch (error) {
    yield watch.explain(
      chatError('truncated', `the connection was cut before the answer finished (${causeOf(error)})`, where),
    );
    return;
  }
  if (kind === 'json') {
    yield* jsonReply(json, where);
    return;
  }
  if (sawFinish) {
    // Some servers close after the finish reason without [DONE]: the answer is whole.
    yield { type: 'done' };
    return;
  }
  if (!declaredSse && sse.count() === 0) {
    yield notSse(
      `the server did not send an event stream (content-type: ${contentType ?? 'none'})`,
      contentType,
      head,
      where,
    );
    return;
  }
  const expected = mode === 'chat' ? '[DONE] or a finish reason' : 'stop:true or [DONE]';
  yield { type: 'error', error: chatError('truncated', `the stream ended before ${expected}`, where) };
}

/** SSE text → StreamEvents, one feed at a time. */
function sseEvents(): { feed(text: string): StreamEvent[]; count(): number } {
  const queue: StreamEvent[] = [];
  let count = 0;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent: (message) => {
      count++;
      queue.push(...fromMessage(message));
    },
    // Unknown fields and bad retry values are to be ignored (WHATWG SSE); only the size cap matters.
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded')
        queue.push({
          type: 'error',
          error: chatError('too_large', `one event exceeded ${MAX_EVENT_CHARS} characters`),
        });
    },
  });
  return {
    feed(text) {
      parser.feed(text);
      return queue.splice(0);
    },
    count: () => count,
  };
}

function fromMessage(message: EventSourceMessage): StreamEvent[] {
  // Vendor events (pings, Anthropic-style message_start, ...) are not ours; OpenAI uses unnamed events.
  if (message.event !== undefined && message.event !== 'message' && message.event !== 'error') return [];
  const data = message.data;
  if (data.trim() === '') return [];
  if (data.trim() === '[DONE]') return [{ type: 'done' }];
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    if (message.event === 'error')
      return [{ type: 'error', error: chatError('server_error', `server error: ${data.trim().slice(0, 300)}`) }];
    return [
      {
        type: 'error',
        error: chatError('bad_json', 'the server sent an event that is not JSON', { data: data.slice(0, 2000) }),
      },
    ];
  }
  if (message.event === 'error' && !(typeof json === 'object' && json !== null && 'error' in json))
    json = { error: json };
  return parseChunk(json);
}

/** A whole non-stream reply (the server ignored stream:true, or the caller asked for none). */
function* jsonReply(text: string, where: Record<string, unknown>): Generator<StreamEvent> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    yield {
      type: 'error',
      error: chatError('bad_json', 'the server replied with invalid JSON', { ...where, body: text.slice(0, 2000) }),
    };
    return;
  }
  const events = parseChunk(json);
  const failed = events.some((event) => event.type === 'error');
  if (!failed && !events.some((event) => event.type === 'finish')) {
    yield {
      type: 'error',
      error: chatError('bad_chunk', 'the server replied with JSON that is not a completion', {
        ...where,
        body: text.slice(0, 2000),
      }),
    };
    return;
  }
  for (const event of events) {
    if (event.type === 'done') continue;
    yield event;
    if (event.type === 'error') return;
  }
  yield { type: 'done' };
}

async function* textChunks(body: AsyncIterable<Uint8Array>, watch: StreamWatchdog): AsyncGenerator<string> {
  // Streaming mode keeps a character split across network chunks whole; the default drops a leading BOM.
  // Leaving this loop early (an error event, the caller's break) closes the connection, not drains it.
  const decoder = new TextDecoder();
  for await (const value of body) {
    watch.touch();
    const text = decoder.decode(value, { stream: true });
    if (text) yield text;
  }
  watch.touch();
  const tail = decoder.decode();
  if (tail) yield tail;
}

function kindOf(contentType: string | null): BodyKind {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('text/event-stream')) return 'sse';
  if (type.includes('json')) return 'json';
  if (type.includes('html')) return 'html';
  return 'unknown';
}

/** For a missing or odd content type, the first visible character decides. */
function sniff(head: string): BodyKind {
  const first = head.trimStart()[0];
  if (first === undefined) return 'unknown';
  if (isHtml(head, null)) return 'html';
  if (first === '{' || first === '[') return 'json';
  return 'sse';
}

function notSse(
  message: string,
  contentType: string | null,
  text: string,
  where: Record<string, unknown>,
): StreamEvent {
  return { type: 'error', error: chatError('not_sse', message, { ...where, contentType, body: text.slice(0, 500) }) };
}

function chatError(code: ChatErrorCode, message: string, details?: Record<string, unknown>): ChatError {
  return details ? { code, message, details } : { code, message };
}

/**
 * node:http says the reason in the message; undici (a test's fetch) says "fetch failed" / "terminated" and hides it in
 * `cause`.
 */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error && cause.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
