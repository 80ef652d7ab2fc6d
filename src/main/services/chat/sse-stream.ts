// POSTs a request to the model server and turns the answer into StreamEvents.
// The request goes out over node:http (see http-post.ts for why not fetch).
// Bytes → text with a streaming TextDecoder (multi-byte characters split across
// network chunks, BOM), text → SSE events with eventsource-parser (CR, CRLF,
// multi-line data, chunk boundaries), events → StreamEvents with parseChunk
// (both in sse-body.ts).
//
// An async iterable rather than callbacks: the caller writes
// `for await (const e of streamChat(...)) state = reduceStream(state, e)`,
// every stream ends with exactly one terminal event (done | stopped | error),
// and leaving the loop early (break, throw) cancels the request in `finally`.
import { initialStreamingMessage, reduceStream } from '@shared/chat/stream-reducer';
import type { StreamEvent, StreamingMessage } from '@shared/chat/types';
import { httpError } from './http-error';
import { postWithFetch, postWithHttp, type PostReply } from './http-post';
import { readBody, type StreamMode } from './sse-body';
import { networkReason } from '@shared/error-causes';
import { causeOf, chatError } from './stream-error';
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
const MAX_ERROR_BODY_CHARS = 64 * 1024;

/** /v1/chat/completions (or any OpenAI-style stream): ends at [DONE], or a finish reason and a clean close. */
export function streamChat(request: StreamRequest): AsyncGenerator<StreamEvent, void, undefined> {
  return streamEvents(request, 'chat');
}

/** llama-server /completion (ends at stop:true, no [DONE]) or /v1/completions (ends at [DONE]). */
export function streamCompletion(request: StreamRequest): AsyncGenerator<StreamEvent, void, undefined> {
  return streamEvents(request, 'completion');
}

async function* streamEvents(request: StreamRequest, mode: StreamMode): AsyncGenerator<StreamEvent, void, undefined> {
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
      const reason = networkReason(error);
      yield watch.explain(
        chatError('network', `could not reach ${url}: ${causeOf(error)}`, reason ? { url, reason } : { url }),
      );
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

/** Runs a stream through the reducer; `onUpdate` sees every intermediate state (for pushing to the UI). */
export async function collectStream(
  events: AsyncIterable<StreamEvent>,
  onUpdate?: (state: StreamingMessage, event: StreamEvent) => void,
): Promise<StreamingMessage> {
  let state = initialStreamingMessage();
  for await (const event of events) {
    state = reduceStream(state, event);
    onUpdate?.(state, event);
  }
  return state;
}
