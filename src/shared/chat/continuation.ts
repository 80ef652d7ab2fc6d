// Continue: the model goes on from an answer that was cut off. The
// request ends with that answer as an assistant message, which llama-server
// takes as the start of its reply (assistant prefill). Servers differ in what
// they stream back: this llama-server repeats the saved text in its first
// delta, others (and older builds) send only the new words. The stream the
// app sees is the same either way: the saved text first, then the new words,
// each once.
import type { ChatMessage, StreamEvent } from './types';

/** The saved text a continue request goes on from, or why the messages cannot be continued. */
export function continuedText(
  messages: readonly ChatMessage[],
): { ok: true; text: string } | { ok: false; why: string } {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return { ok: false, why: 'the last message is not an answer' };
  if (typeof last.content !== 'string' || last.content === '')
    return { ok: false, why: 'the answer has no text to continue from' };
  if ((last.toolCalls?.length ?? 0) > 0) return { ok: false, why: 'an answer that called tools cannot be continued' };
  if (messages.at(-2)?.role === 'assistant') return { ok: false, why: 'two answers in a row' };
  return { ok: true, text: last.content };
}

/**
 * Drops the server's echo of `saved` from the start of the new content. Text is
 * held back while it could still be the echo; once it is clearly not, it is
 * passed on whole. A server that trims the trailing space of the saved text in
 * its echo is recognised too.
 */
export class EchoFilter {
  private held = '';
  private decided = false;

  constructor(private readonly saved: string) {}

  /** The part of this content delta that is new. */
  take(text: string): string {
    if (this.decided) return text;
    this.held += text;
    const trimmed = this.saved.trimEnd();
    for (const echo of [this.saved, trimmed]) {
      if (echo !== '' && this.held.startsWith(echo)) {
        this.decided = true;
        const fresh = this.held.slice(echo.length);
        this.held = '';
        return fresh;
      }
    }
    if (trimmed.startsWith(this.held)) return '';
    return this.flush();
  }

  /** What is held back, at the end of the content (the server sent less than the saved text). */
  flush(): string {
    this.decided = true;
    const out = this.held;
    this.held = '';
    return out;
  }
}

/** The events of a continue request as the app reads them: the saved text, then the new words (the echo dropped). */
export async function* continuationEvents(
  saved: string,
  events: AsyncIterable<StreamEvent>,
): AsyncGenerator<StreamEvent, void, undefined> {
  yield { type: 'content', text: saved };
  const filter = new EchoFilter(saved);
  for await (const event of events) {
    if (event.type === 'content') {
      const text = filter.take(event.text);
      if (text !== '') yield { ...event, text };
      continue;
    }
    // Anything else (reasoning, a finish, an error) ends any doubt: what was held is content after all.
    if (event.type !== 'reasoning' && event.type !== 'slot') {
      const held = filter.flush();
      if (held !== '') yield { type: 'content', text: held };
    }
    yield event;
  }
  const held = filter.flush();
  if (held !== '') yield { type: 'content', text: held };
}
