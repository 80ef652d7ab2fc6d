// The floor of the time-to-first-words bench (chat-ttft.bench.ts): a bare page at the host's origin that sends
// `chat:send` over its own WebSocket and writes the question and the first words with one DOM call each, so what
// it measures is the browser, the WebSocket and the core before any UI.
import type { Browser, Page } from '@playwright/test';

/** The bare page: the same request the UI sends, shown with plain DOM calls. */
export async function floorRun(page: Page, input: object): Promise<{ first: number; startedAt: number }> {
  const frame = JSON.stringify({
    type: 'invoke',
    id: Math.floor(Math.random() * 2 ** 31),
    channel: 'chat:send',
    input,
  });
  return page.evaluate((text) => {
    const socket = (window as unknown as { __floorSocket: WebSocket }).__floorSocket;
    const sent = JSON.parse(text) as { id: number; input: { requestId: string; messages: { content: string }[] } };
    return new Promise<{ first: number; startedAt: number }>((resolve) => {
      const question = document.createElement('p');
      const answer = document.createElement('p');
      let first = 0;
      const started = performance.now();
      socket.onmessage = (message: MessageEvent<string>) => {
        const got = JSON.parse(message.data) as {
          type: string;
          id?: number;
          event?: string;
          payload?: { requestId: string; events: { type: string; text?: string }[] };
        };
        const words =
          got.event === 'chat:stream' && got.payload?.requestId === sent.input.requestId
            ? got.payload.events.find((event) => event.type === 'content' && event.text)
            : undefined;
        if (words && first === 0) {
          answer.textContent = words.text ?? '';
          first = performance.now() - started;
        }
        if (got.type === 'result' && got.id === sent.id)
          resolve({ first, startedAt: performance.timeOrigin + started });
      };
      socket.send(text);
      question.textContent = sent.input.messages.at(-1)?.content ?? '';
      document.body.append(question, answer);
    });
  }, frame);
}

/** A page at the host's origin with nothing of the app in it, and a WebSocket of its own. */
export async function openFloorPage(browser: Browser, hostUrl: string): Promise<Page> {
  const url = new URL(hostUrl);
  const page = await browser.newPage();
  // A path the host answers 404: same origin (the WebSocket's Origin check), no app loaded.
  await page.goto(`${url.origin}/ttft-floor`);
  await page.evaluate(
    (wsUrl) => {
      const socket = new WebSocket(wsUrl);
      (window as unknown as { __floorSocket: WebSocket }).__floorSocket = socket;
      return new Promise((resolve) => (socket.onopen = resolve));
    },
    `ws://${url.host}/ws?token=${url.searchParams.get('token')}`,
  );
  return page;
}
