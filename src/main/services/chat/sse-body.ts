// An answer's body, once the status said it is one: SSE text → StreamEvents
// with eventsource-parser (CR, CRLF, multi-line data, chunk boundaries) and
// parseChunk, a whole JSON reply when the server did not stream, and a body of
// unknown type sniffed from its first character.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { parseChunk } from '@shared/chat/parse-chunk';
import type { StreamEvent } from '@shared/chat/types';
import { isHtml } from './http-error';
import { causeOf, chatError } from './stream-error';
import type { StreamWatchdog } from './stream-watchdog';

/** One SSE event larger than this is refused rather than buffered without end. */
const MAX_EVENT_CHARS = 16 * 1024 * 1024;
const MAX_JSON_BODY_CHARS = 32 * 1024 * 1024;

/** chat: ends at [DONE] or a finish reason; completion: at stop:true or [DONE]. */
export type StreamMode = 'chat' | 'completion';
type BodyKind = 'sse' | 'json' | 'html' | 'unknown';

export async function* readBody(
  chunks: AsyncGenerator<string>,
  contentType: string | null,
  mode: StreamMode,
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
