// How often the chat service reads a model's stream: every STREAM_BATCH_MS (20 paints a second) after the first
// events, whatever the model runs on. Time is the test's own (fake timers); the stream is written chunk by chunk.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSendInput } from '@shared/chat/schemas';
import type { StreamEvent } from '@shared/chat/types';
import { defaultSettings } from '@shared/default-settings';
import type { LinkService } from '../links/link-service';
import { createChatService, STREAM_BATCH_MS } from './chat-service';

const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

const ask: ChatSendInput = {
  requestId: 'r1',
  mode: 'chat',
  endpoint: { kind: 'local' },
  systemPrompt: '',
  messages: [{ role: 'user', content: 'Say something.' }],
  sampling: { ...defaultSettings().chat.sampling, max_tokens: 64 },
  idSlot: null,
};

/** The fake milliseconds from the first token going out to the second, written right after it. */
async function secondTokenAfter(): Promise<number> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const write = (text: string) => controller.enqueue(new TextEncoder().encode(text));
  const fetch = (async (url: string | URL | Request) =>
    String(url).endsWith('/chat/completions')
      ? new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
      : new Response('{}', { status: 404 })) as typeof globalThis.fetch;
  const texts: string[] = [];
  const chat = createChatService({
    localServer: () => ({ baseUrl: 'http://127.0.0.1:9', apiKey: '', model: 'm' }),
    links: {} as LinkService,
    emit: (event, payload) => {
      if (event !== 'chat:stream') return;
      for (const streamed of (payload as { events: StreamEvent[] }).events)
        if (streamed.type === 'content') texts.push(streamed.text);
    },
    fetch,
  });
  const sending = chat.send(ask);
  write(chunk('a'));
  for (let turns = 0; !texts.includes('a'); turns++) {
    if (turns > 100) throw new Error('the first token never went out');
    await vi.advanceTimersByTimeAsync(0);
  }
  write(chunk('b'));
  let waited = 0;
  while (!texts.includes('b')) {
    if (waited > 2_000) throw new Error('the second token never went out');
    await vi.advanceTimersByTimeAsync(5);
    waited += 5;
  }
  write('data: [DONE]\n\n');
  controller.close();
  let settled = false;
  void sending.finally(() => (settled = true));
  while (!settled) await vi.advanceTimersByTimeAsync(STREAM_BATCH_MS);
  expect((await sending).status).toBe('done');
  return waited;
}

describe('the chat service paces its reads of a model', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the first token at once and the next one STREAM_BATCH_MS later: text reaches the page at least 20 times a second', async () => {
    const waited = await secondTokenAfter();
    expect(waited).toBeGreaterThan(STREAM_BATCH_MS - 10);
    expect(waited).toBeLessThanOrEqual(STREAM_BATCH_MS + 5);
    expect(STREAM_BATCH_MS).toBeLessThanOrEqual(50);
  });
});
