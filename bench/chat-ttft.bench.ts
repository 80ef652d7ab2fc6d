// Time to the first words: from the key press that sends to the
// first answer text in the DOM, minus the time a plain streaming fetch to the
// same llama-server takes to its first content delta. Interleaved in a random
// order each round, so the machine's moments of noise fall on every kind alike:
// - chat.ttft_overhead_ms: EVA's page, through the browser host and the core.
//   Two parts of it ride along: host_first_words_ms (key press → the host
//   sends the first words, as an idle WebSocket client sees them) and
//   page_after_host_ms (→ the words in the DOM). The first holds the core's
//   path and the model slowed by the page's CPU at the send; the second is the
//   page's own wait.
// - chat.ttft_floor_overhead_ms: a bare page on the same host sending the same
//   `chat:send` over its own WebSocket, which shows the question with one DOM
//   call at once and writes the first words with another. It is what the
//   browser, the WebSocket and the core cost on this machine before any UI,
//   the reference for how much of EVA's figure is its page's own.
// - chat.webui_ttft_overhead_ms: llama.cpp's web UI, served by its own
//   llama-server, against its own request body replayed by a plain fetch.
import type { Browser, Page } from '@playwright/test';
import { startHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';
import { defaultSettings } from '@shared/default-settings';
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { probeHealth } from '@main/services/backend/run/health-probe';
import { launchProcess } from '@main/services/process/launch';
import { launchChromium, DOM_RECORDER, resetDomMarks } from './browser';
import { ensureWebUi } from './ensure-webui';
import { floorRun, openFloorPage } from './ttft-floor';
import { rawChatBody, rawTtft } from './raw-ttft';
import { serverAuthHeader } from './server-key';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';

const ROUNDS = 20;
const PEER_ROUNDS = 10;
/**
 * A person takes longer than this to type a question. Meanwhile the core saves the
 * conversation just left (instant reopen), which the question then does not wait for.
 */
const TYPING_PAUSE_MS = 800;
const ANSWER = '[data-testid="chat-message"][data-role="assistant"] [data-testid="chat-content"]';
const PEER_ANSWER = '.chat-message-assistant';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When the host sent each request's first words, on the clock the page uses too (time origin + now:
 * both processes count from the same wall clock, to well under a millisecond here).
 */
type HostFirstWords = number[];

/** One question through EVA's page in a new conversation: key press → first answer text, and when the host sent it. */
async function evaRun(
  page: Page,
  prompt: string,
  hostFirst: HostFirstWords,
): Promise<{ first: number; toHost: number | null }> {
  if (await page.getByTestId('chat-new').isEnabled()) await page.getByTestId('chat-new').click();
  await pause(TYPING_PAUSE_MS);
  await page.evaluate(resetDomMarks(ANSWER));
  await page.getByTestId('chat-input').fill(prompt);
  await page.getByTestId('chat-input').press('Control+Enter');
  await page.waitForFunction(() => (window as unknown as EvaDom).__evaDom.marks.length > 0);
  const [sentAt, shownAt] = (await page.evaluate(
    '[performance.timeOrigin + window.__evaDom.sentAt, performance.timeOrigin + window.__evaDom.marks[0][0]]',
  )) as [number, number];
  // The rest of the answer (16 tokens) ends before the next round starts.
  await page.getByTestId('chat-stop').waitFor({ state: 'detached' });
  const hostAt = hostFirst.find((at) => at > sentAt);
  return { first: shownAt - sentAt, toHost: hostAt === undefined ? null : hostAt - sentAt };
}

interface EvaDom {
  __evaDom: { marks: [number, number][] };
}

function shuffled<T>(items: T[]): T[] {
  return items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

async function evaAndFloor(browser: Browser): Promise<{
  eva: number[];
  evaToHost: number[];
  evaAfterHost: number[];
  floor: number[];
  floorToHost: number[];
  raw: number[];
}> {
  const host = await startHost();
  try {
    const client = await connectHost(host.url);
    const status = await client.invoke('backend:load', {
      ...defaultSettings().load,
      modelPath: testAssets.tinyModel,
      contextSize: 4096,
    });
    const { chat } = await client.invoke('settings:get');
    const sampling = { ...chat.sampling, max_tokens: 16 };
    await client.invoke('settings:update', { chat: { sampling } });
    const baseUrl = `http://127.0.0.1:${status.port}`;
    const auth = await serverAuthHeader(status.pid);
    // The host sends every client its events: this idle one sees the first words leave the host.
    const hostFirst: HostFirstWords = [];
    const seen = new Set<string>();
    client.on('chat:stream', ({ requestId, events }) => {
      if (seen.has(requestId) || !events.some((event) => event.type === 'content' && event.text)) return;
      seen.add(requestId);
      hostFirst.push(performance.timeOrigin + performance.now());
    });

    const page = await browser.newPage();
    await page.addInitScript(DOM_RECORDER);
    await page.goto(host.url);
    await page.getByTestId('chat-input').waitFor();
    const floorPage = await openFloorPage(browser, host.url);

    const eva: number[] = [];
    const evaToHost: number[] = [];
    const evaAfterHost: number[] = [];
    const floor: number[] = [];
    const floorToHost: number[] = [];
    const raw: number[] = [];
    // Warm every path once (the first request after a load reads the system prompt too).
    await evaRun(page, 'Question warm (a)', hostFirst);
    // Prompts of the same length that differ, so none finds another's in the KV cache beyond the shared system prompt.
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of shuffled(
        (process.env.NOFLOOR ? ['eva', 'raw'] : ['eva', 'floor', 'raw']) as ('eva' | 'floor' | 'raw')[],
      )) {
        if (kind === 'eva') {
          const { first, toHost } = await evaRun(page, `Question ${round} (a)`, hostFirst);
          eva.push(first);
          if (toHost !== null) {
            evaToHost.push(toHost);
            evaAfterHost.push(first - toHost);
          }
        }
        if (kind === 'raw')
          raw.push(await rawTtft(baseUrl, auth, rawChatBody(`Question ${round} (b)`, chat.systemPrompt, sampling)));
        if (kind === 'floor') {
          await client.invoke('history:leave');
          await pause(TYPING_PAUSE_MS);
          const input = {
            mode: 'chat',
            requestId: crypto.randomUUID(),
            endpoint: { kind: 'local' },
            systemPrompt: chat.systemPrompt,
            messages: [{ role: 'user', content: `Question ${round} (c)` }],
            sampling,
            idSlot: null,
          };
          const { first, startedAt } = await floorRun(floorPage, input);
          floor.push(first);
          const hostAt = hostFirst.find((at) => at > startedAt);
          if (hostAt !== undefined) floorToHost.push(hostAt - startedAt);
        }
      }
    }
    client.close();
    return { eva, evaToHost, evaAfterHost, floor, floorToHost, raw };
  } finally {
    await host.stop();
  }
}

/** llama.cpp's web UI: a new conversation each round (a fresh load of its page), its own body replayed raw. */
async function peer(browser: Browser): Promise<{ ui: number[]; raw: number[] }> {
  const dist = await ensureWebUi(testAssets.root);
  const port = await findFreePort('127.0.0.1');
  const server = launchProcess({
    name: 'llama-server (peer web UI)',
    output: { mode: 'none' },
    command: testAssets.llamaServer,
    args: ['-m', testAssets.tinyModel, '--host', '127.0.0.1', '--port', String(port), '-c', '4096', '--path', dist],
  });
  try {
    while ((await probeHealth(port)) !== 200) await pause(50);
    const page = await browser.newPage();
    await page.addInitScript(`localStorage.setItem('LlamaUi.config', JSON.stringify({ max_tokens: 16 }));`);
    await page.addInitScript(DOM_RECORDER);
    const ui: number[] = [];
    const raw: number[] = [];
    for (let round = -1; round < PEER_ROUNDS; round++) {
      await page.goto(`http://127.0.0.1:${port}/`);
      const input = page.locator('textarea, [contenteditable=true]').first();
      await input.waitFor();
      await pause(TYPING_PAUSE_MS);
      const question = `Question ${round} (a)`;
      const request = page.waitForRequest((r) => r.url().includes('/chat/completions'));
      const answered = page.waitForResponse((r) => r.url().includes('/chat/completions')).then((r) => r.text());
      await page.evaluate(resetDomMarks(PEER_ANSWER));
      await input.fill(question);
      await input.press('Enter');
      const body = (await request).postData() ?? '';
      await answered;
      await pause(200);
      const [marks, sentAt, text] = (await page.evaluate(
        `[window.__evaDom.marks, window.__evaDom.sentAt, document.querySelectorAll('${PEER_ANSWER}')[document.querySelectorAll('${PEER_ANSWER}').length - 1]?.textContent ?? '']`,
      )) as [[number, number][], number | null, string];
      if (!marks[0] || sentAt === null) throw new Error('the web UI showed no answer, or the key press was not seen');
      if (!body.includes(question)) throw new Error('the web UI did not send the question typed');
      if (round < 0) continue;
      ui.push(marks[0][0] - sentAt);
      // Its first change must already be answer text, not a placeholder the answer replaces.
      if (marks[0][1] > text.length)
        throw new Error(`the web UI's first change (${marks[0][1]} characters) is longer than its answer`);
      raw.push(await rawTtft(`http://127.0.0.1:${port}`, {}, body.replace(question, `Question ${round} (b)`)));
    }
    return { ui, raw };
  } finally {
    await server.stop();
  }
}

export const chatTtftBenchmarks: Benchmark[] = [
  {
    names: ['chat.ttft_overhead_ms', 'chat.ttft_floor_overhead_ms', 'chat.webui_ttft_overhead_ms'],
    async run(): Promise<BenchResult[]> {
      const browser = await launchChromium();
      try {
        const { eva, evaToHost, evaAfterHost, floor, floorToHost, raw } = await evaAndFloor(browser);
        const results: BenchResult[] = [
          {
            bench: 'chat.ttft_overhead_ms',
            value: round(median(eva) - median(raw), 1),
            unit: 'ms',
            goal: '<= 5',
            ui_median_ms: round(median(eva), 1),
            raw_median_ms: round(median(raw), 1),
            floor_overhead_ms: round(median(floor) - median(raw), 1),
            host_first_words_ms: round(median(evaToHost), 1),
            page_after_host_ms: round(median(evaAfterHost), 1),
            runs: eva.length,
          },
          {
            bench: 'chat.ttft_floor_overhead_ms',
            value: round(median(floor) - median(raw), 1),
            unit: 'ms',
            goal: 'reference: a bare page on the same host and machine',
            page_median_ms: round(median(floor), 1),
            raw_median_ms: round(median(raw), 1),
            host_first_words_ms: round(median(floorToHost), 1),
            runs: floor.length,
          },
        ];
        const webUi = process.env.NOFLOOR ? { ui: [0], raw: [0] } : await peer(browser);
        results.push({
          bench: 'chat.webui_ttft_overhead_ms',
          value: round(median(webUi.ui) - median(webUi.raw), 1),
          unit: 'ms',
          goal: 'peer (llama.cpp web UI); compare with chat.ttft_overhead_ms',
          ui_median_ms: round(median(webUi.ui), 1),
          raw_median_ms: round(median(webUi.raw), 1),
          runs: webUi.ui.length,
        });
        return results;
      } finally {
        await browser.close();
      }
    },
  },
];
