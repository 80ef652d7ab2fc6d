// chat.dom_stream_ratio: tokens/s reaching the rendered DOM (first to last
// change of the answer's text) divided by the server's own predicted_per_second
// for the same answer, through the real browser host and real llama-server; and
// the same for llama.cpp's web UI. The time to the first words is measured in
// chat-ttft.bench.ts.
import type { Page } from '@playwright/test';
import { startHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';
import { defaultSettings } from '@shared/default-settings';
import { launchChromium, DOM_RECORDER, resetDomMarks } from './browser';
import type { Benchmark, BenchResult } from './types';
import { ensureWebUi } from './ensure-webui';
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { probeHealth } from '@main/services/backend/run/health-probe';
import { launchProcess } from '@main/services/process/launch';
import { round } from './stats';

const STREAM_TOKENS = 2000;
const ANSWER = '[data-testid="chat-message"][data-role="assistant"] [data-testid="chat-content"]';

interface DomRun {
  marks: [number, number][];
  sentAt: number;
  predictedN: number;
  predictedPerSecond: number;
}

type Timings = { predicted_n: number; predicted_per_second: number };

/** Watches the page's WebSocket for `chat:send` results, so the server's own timings can be read per answer. */
function watchResults(page: Page): { next(): Promise<Timings | null> } {
  let waiting: ((timings: Timings | null) => void) | null = null;
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(payload.toString()) as {
        type: string;
        result?: { value?: { requestId?: string; timings?: Timings | null } };
      };
      const value = frame.type === 'result' ? frame.result?.value : undefined;
      // Every answer ends with a result frame; a refused one carries no timings.
      if (value?.requestId && waiting) waiting(value.timings ?? null);
    }),
  );
  return { next: () => new Promise((resolve) => (waiting = resolve)) };
}

/** Sends one prompt through the UI and returns the DOM marks plus the server's timings for that answer. */
async function uiRun(page: Page, results: ReturnType<typeof watchResults>, prompt: string): Promise<DomRun> {
  const result = results.next();
  await page.evaluate(resetDomMarks(ANSWER));
  await page.getByTestId('chat-input').fill(prompt);
  const sentAt = (await page.evaluate('performance.now()')) as number;
  await page.getByTestId('chat-input').press('Control+Enter');
  const timings = await result;
  if (!timings) {
    const shown = await page
      .getByTestId('chat-error')
      .last()
      .textContent()
      .catch(() => '');
    throw new Error(`the answer to "${prompt.slice(0, 40)}" failed: ${shown}`);
  }
  // Let the last frame render before reading the marks.
  await page.waitForTimeout(200);
  const marks = (await page.evaluate('window.__evaDom.marks')) as [number, number][];
  const keyAt = (await page.evaluate('window.__evaDom.sentAt')) as number | null;
  return {
    marks,
    sentAt: keyAt ?? sentAt,
    predictedN: timings.predicted_n,
    predictedPerSecond: timings.predicted_per_second,
  };
}

async function setMaxTokens(url: string, maxTokens: number): Promise<void> {
  const client = await connectHost(url);
  const { chat } = await client.invoke('settings:get');
  await client.invoke('settings:update', { chat: { sampling: { ...chat.sampling, max_tokens: maxTokens } } });
  client.close();
}

/** The same long answer through llama.cpp's web UI, served by llama-server itself with --path. */
async function webUiStream(
  browser: Awaited<ReturnType<typeof launchChromium>>,
): Promise<{ ratio: number; domRate: number; serverRate: number; tokens: number }> {
  const dist = await ensureWebUi(testAssets.root);
  const port = await findFreePort('127.0.0.1');
  const server = launchProcess({
    name: 'llama-server (peer web UI)',
    output: { mode: 'none' },
    command: testAssets.llamaServer,
    args: ['-m', testAssets.tinyModel, '--host', '127.0.0.1', '--port', String(port), '-c', '4096', '--path', dist],
  });
  try {
    while ((await probeHealth(port)) !== 200) await new Promise((r) => setTimeout(r, 50));
    const page = await browser.newPage();
    await page.addInitScript(
      `localStorage.setItem('LlamaUi.config', JSON.stringify({ max_tokens: ${STREAM_TOKENS} }));`,
    );
    await page.addInitScript(DOM_RECORDER);
    await page.goto(`http://127.0.0.1:${port}/`);
    const input = page.locator('textarea, [contenteditable=true]').first();
    await input.waitFor();
    const body = page.waitForResponse((r) => r.url().includes('/chat/completions')).then((r) => r.text());
    await page.evaluate(resetDomMarks('.chat-message-assistant'));
    await input.click();
    await page.keyboard.type('Write a very long story.');
    await page.keyboard.press('Enter');
    const sse = await body;
    await page.waitForTimeout(500);
    const marks = (await page.evaluate('window.__evaDom.marks')) as [number, number][];
    const timings = [...sse.matchAll(/"timings":(\{[^}]*\})/g)].map((m) => JSON.parse(m[1] ?? '{}') as Timings).pop();
    if (!timings) throw new Error('the web UI request returned no timings');
    const domRate = timings.predicted_n / (((marks.at(-1)?.[0] ?? 0) - (marks[0]?.[0] ?? 0)) / 1000);
    return {
      ratio: domRate / timings.predicted_per_second,
      domRate,
      serverRate: timings.predicted_per_second,
      tokens: timings.predicted_n,
    };
  } finally {
    await server.stop();
  }
}

export const chatBenchmarks: Benchmark[] = [
  {
    names: ['chat.dom_stream_ratio', 'chat.webui_dom_stream_ratio'],
    async run(): Promise<BenchResult[]> {
      const host = await startHost();
      const browser = await launchChromium();
      try {
        const client = await connectHost(host.url);
        await client.invoke('backend:load', {
          ...defaultSettings().load,
          modelPath: testAssets.tinyModel,
          contextSize: 4096,
        });
        client.close();
        await setMaxTokens(host.url, STREAM_TOKENS);

        const page = await browser.newPage();
        const results = watchResults(page);
        await page.addInitScript(DOM_RECORDER);
        await page.goto(host.url);
        await page.getByTestId('chat-input').waitFor();

        const stream = await uiRun(page, results, 'Write a very long story.');
        const first = stream.marks[0];
        const last = stream.marks[stream.marks.length - 1];
        const domSeconds = first && last ? (last[0] - first[0]) / 1000 : NaN;
        const domRate = stream.predictedN / domSeconds;

        return [
          {
            bench: 'chat.dom_stream_ratio',
            value: round(domRate / stream.predictedPerSecond),
            unit: 'ratio',
            goal: '>= 0.99',
            dom_tokens_per_s: round(domRate, 1),
            server_tokens_per_s: round(stream.predictedPerSecond, 1),
            tokens: stream.predictedN,
            dom_updates: stream.marks.length,
          },
          await webUiStream(browser).then((peer) => ({
            bench: 'chat.webui_dom_stream_ratio',
            value: round(peer.ratio),
            unit: 'ratio',
            goal: 'peer (llama.cpp web UI); compare with chat.dom_stream_ratio',
            dom_tokens_per_s: round(peer.domRate, 1),
            server_tokens_per_s: round(peer.serverRate, 1),
            tokens: peer.tokens,
          })),
        ];
      } finally {
        await browser.close();
        await host.stop();
      }
    },
  },
];
