// What one streamed paint costs, against the floor of this machine.
//
// chat.paint_cpu_ms: CPU time of all the browser's processes from the first to the last change
// of an answer EVA's page streams from the real llama-server (the realistic model, about 80
// tokens/s here), divided by the paints (frames in which the answer's DOM changed).
// chat.paint_floor_cpu_ms: the same for a bare page that appends the same text, at the same
// moments, to a text node in a scrolled container that follows the end: what any page pays
// for a paint here. chat.paints_per_s: EVA's paints a second while text arrives. A traced round
// of each gives the breakdown by pipeline stage (details), and chat.send_page_cpu_ms: the page
// process's tasks from the key press to the send request leaving the page for the host (and, beside it, to the first
// token's change).
import type { Browser, Page } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';
import { defaultSettings } from '@shared/default-settings';
import { makeTestModel, VARIANTS } from '../scripts/fixtures/make-test-model';
import { launchChromium } from './browser';
import { treeCpuMs } from './proc-cpu';
import { pageTaskMsBetween, paintBreakdown, traced, type PaintBreakdown } from './paint-trace';
import { median, round } from './stats';
import { newestAnswer } from './stream-runs';
import type { Benchmark, BenchResult } from './types';

const PROMPT = 'Write a very long story.';
const ANSWER_TOKENS = 600;
const VARIANT = 'slow';
/** EVA_BENCH_ROUNDS: fewer for a quick look */
const ROUNDS = Number(process.env.EVA_BENCH_ROUNDS ?? 3);
const ANSWER = '[data-testid="chat-message"][data-role="assistant"] [data-testid="chat-content"]';
const isChromium = (command: string): boolean => /chrom/i.test(command);

/**
 * Notes each change of the newest answer (changes within 4 ms are one paint) with its text length, and when the
 * answer's article says it is done. Nothing is relayed per change.
 */
const PAINT_RECORDER = `
window.__evaPaint = { marks: [], done: false };
// The key press that sends, as the page saw it first (capturing), and the send request handed to the host's socket:
// the page's part of the send lies between the two.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey) performance.mark('eva-send');
}, true);
const evaSocketSend = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  const result = evaSocketSend.call(this, data);
  if (typeof data === 'string' && data.includes('"chat:send"')) performance.mark('eva-request');
  return result;
};
window.__evaPaintArm = (selector) => {
  const probe = { marks: [], done: false };
  window.__evaPaint = probe;
  const baseline = document.querySelectorAll(selector).length;
  const finder = new MutationObserver(() => {
    const nodes = document.querySelectorAll(selector);
    if (nodes.length <= baseline) return;
    finder.disconnect();
    const target = nodes[nodes.length - 1];
    const note = () => {
      const now = performance.now();
      const length = (target.textContent || '').length;
      const last = probe.marks[probe.marks.length - 1];
      if (last && now - last[0] < 4) last[1] = length;
      else if (length > 0) {
        probe.marks.push([now, length]);
        performance.mark('eva-paint');
      }
    };
    note();
    new MutationObserver(note).observe(target, { subtree: true, childList: true, characterData: true });
    const article = target.closest('[data-testid="chat-message"]');
    const check = () => { if (article.matches('[data-status="done"], [data-status="stopped"], [data-status="error"]')) probe.done = true; };
    new MutationObserver(check).observe(article, { attributes: true });
    check();
  });
  finder.observe(document.body, { subtree: true, childList: true });
};
`;

/** The floor: a scrolled container following its end as text is appended to one text node. */
const BARE_PAGE = `<!doctype html><html><body style="margin:0">
<div id="scroller" style="height:100vh;overflow:auto">
<div style="max-width:48rem;margin:0 auto;padding:16px;font:15px/1.6 sans-serif;white-space:pre-wrap" id="text"></div>
</div></body></html>`;

/** Appends the text's slices at their moments; a string, so the bundler's helpers never reach the page. */
const REPLAY = `(text, schedule) => new Promise((resolve) => {
  const scroller = document.getElementById('scroller');
  const node = document.createTextNode('');
  document.getElementById('text').append(node);
  const start = performance.now();
  let shown = 0;
  let index = 0;
  const step = () => {
    const end = schedule[index][1];
    node.appendData(text.slice(shown, end));
    performance.mark('eva-paint');
    shown = end;
    scroller.scrollTop = scroller.scrollHeight;
    index++;
    const next = schedule[index];
    if (!next) resolve();
    else setTimeout(step, Math.max(0, next[0] - (performance.now() - start)));
  };
  step();
})`;

interface Streamed {
  marks: [number, number][];
  text: string;
}

interface PageRun {
  cpuMs: number;
  paints: number;
  seconds: number;
}

/** The browser's CPU read every 200 ms with the time of reading, so any window of the run can be priced afterwards. */
function cpuSampler() {
  const samples: [number, number][] = [];
  const read = (): void => {
    samples.push([performance.now(), treeCpuMs(process.pid, isChromium)]);
  };
  read();
  const timer = setInterval(read, 200);
  const at = (time: number): number => {
    const after = samples.findIndex(([when]) => when >= time);
    if (after <= 0) return (after === 0 ? samples[0] : samples[samples.length - 1])?.[1] ?? 0;
    const [t0, c0] = samples[after - 1] as [number, number];
    const [t1, c1] = samples[after] as [number, number];
    return c0 + ((c1 - c0) * (time - t0)) / Math.max(1e-6, t1 - t0);
  };
  return {
    /** CPU milliseconds between two moments of this process's clock */
    between(start: number, end: number): number {
      read();
      return at(end) - at(start);
    },
    stop: () => clearInterval(timer),
  };
}

/** The page's clock minus this process's, so the page's marks can be read on the sampler's clock. */
async function clockOffset(page: Page): Promise<number> {
  const before = performance.now();
  const inPage = (await page.evaluate('performance.now()')) as number;
  return inPage - (before + performance.now()) / 2;
}

async function savedAnswer(host: RunningHost): Promise<string> {
  const answer = await newestAnswer(host);
  if (typeof answer?.content !== 'string') throw new Error('no text answer was saved');
  return answer.content;
}

/**
 * One answer streamed through EVA's page; `cpuMs`: the browser's processes from its first to its last change (the
 * send and the save around it are not paints).
 */
async function streamInEva(page: Page, host: RunningHost): Promise<Streamed & { cpuMs: number }> {
  await page.addInitScript(PAINT_RECORDER);
  await page.goto(host.url);
  await page.getByTestId('chat-input').waitFor();
  if (await page.getByTestId('chat-new').isEnabled()) await page.getByTestId('chat-new').click();
  await page.getByTestId('chat-input').fill(PROMPT);
  await page.evaluate(`window.__evaPaintArm(${JSON.stringify(ANSWER)})`);
  const offset = await clockOffset(page);
  const cpu = cpuSampler();
  try {
    await page.getByTestId('chat-input').press('Control+Enter');
    // Asked twice a second: the driver costs the page nothing meanwhile.
    while (!(await page.evaluate('window.__evaPaint.done'))) await page.waitForTimeout(500);
    const marks = (await page.evaluate('window.__evaPaint.marks')) as [number, number][];
    const cpuMs = cpu.between((marks[0]?.[0] ?? 0) - offset, (marks[marks.length - 1]?.[0] ?? 0) - offset);
    return { marks, text: await savedAnswer(host), cpuMs };
  } finally {
    cpu.stop();
  }
}

/** The same growth on the bare page: at each paint's moment, the answer's text up to that paint's share of it. */
async function replayOnBarePage(page: Page, streamed: Streamed): Promise<number> {
  await page.setContent(BARE_PAGE);
  const first = streamed.marks[0]?.[0] ?? 0;
  const finalLength = streamed.marks[streamed.marks.length - 1]?.[1] ?? 1;
  const steps = streamed.marks.map(([at, length]) => [
    at - first,
    Math.round((length / finalLength) * streamed.text.length),
  ]);
  const cpu = cpuSampler();
  try {
    const start = performance.now();
    await page.evaluate(`(${REPLAY})(${JSON.stringify(streamed.text)}, ${JSON.stringify(steps)})`);
    // The last paint is done a frame after its change.
    await page.waitForTimeout(50);
    return cpu.between(start, performance.now());
  } finally {
    cpu.stop();
  }
}

const progress = (line: string): void => void process.stderr.write(`[chat.paint] ${line}\n`);

const seconds = (marks: [number, number][]): number =>
  ((marks[marks.length - 1]?.[0] ?? 0) - (marks[0]?.[0] ?? 0)) / 1000;

async function inNewPage<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage();
  try {
    return await work(page);
  } finally {
    await page.close();
  }
}

/** Interleaved rounds: an answer through EVA's page, then its replay on the bare page, again. */
async function rounds(browser: Browser, host: RunningHost): Promise<{ eva: PageRun[]; floor: PageRun[] }> {
  const eva: PageRun[] = [];
  const floor: PageRun[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const streamed = await inNewPage(browser, (page) => streamInEva(page, host));
    progress(
      `round ${index + 1}: ${streamed.marks.length} paints in ${round(seconds(streamed.marks), 1)} s, ${round(streamed.cpuMs, 0)} ms of CPU`,
    );
    const paints = streamed.marks.length;
    eva.push({ cpuMs: streamed.cpuMs, paints, seconds: seconds(streamed.marks) });
    const floorCpuMs = await inNewPage(browser, (page) => replayOnBarePage(page, streamed));
    floor.push({ cpuMs: floorCpuMs, paints, seconds: seconds(streamed.marks) });
  }
  return { eva, floor };
}

/** One more round of each, traced. */
async function tracedBreakdowns(
  browser: Browser,
  host: RunningHost,
): Promise<{ eva: PaintBreakdown; floor: PaintBreakdown; sendPageMs: number; sendToFirstPaintMs: number }> {
  const eva = await inNewPage(browser, (page) => traced(browser, page, () => streamInEva(page, host)));
  const floor = await inNewPage(browser, (page) => traced(browser, page, () => replayOnBarePage(page, eva.result)));
  return {
    eva: paintBreakdown(eva.trace),
    floor: paintBreakdown(floor.trace),
    sendPageMs: pageTaskMsBetween(eva.trace, 'eva-send', 'eva-request'),
    sendToFirstPaintMs: pageTaskMsBetween(eva.trace, 'eva-send'),
  };
}

const perPaint = (runs: PageRun[]): number => median(runs.map((run) => run.cpuMs / Math.max(1, run.paints)));

export const chatPaintBenchmarks: Benchmark[] = [
  {
    names: ['chat.paint_cpu_ms', 'chat.paint_floor_cpu_ms', 'chat.paints_per_s', 'chat.send_page_cpu_ms'],
    async run(): Promise<BenchResult[]> {
      const model = (await makeTestModel({ repoRoot: testAssets.root, variant: VARIANT, log: () => undefined })).path;
      const host = await startHost();
      const browser = await launchChromium();
      try {
        const client = await connectHost(host.url);
        await client.invoke('backend:load', { ...defaultSettings().load, modelPath: model, contextSize: 2048 });
        const { chat } = await client.invoke('settings:get');
        await client.invoke('settings:update', { chat: { sampling: { ...chat.sampling, max_tokens: ANSWER_TOKENS } } });
        client.close();
        const { eva, floor } = await rounds(browser, host);
        const breakdown = await tracedBreakdowns(browser, host);
        const common = { model: VARIANTS[VARIANT].name, answer_tokens: ANSWER_TOKENS, rounds: ROUNDS };
        return [
          {
            bench: 'chat.paint_cpu_ms',
            value: round(perPaint(eva), 2),
            unit: 'ms',
            goal: '<= chat.paint_floor_cpu_ms + 2',
            paints: eva.map((run) => run.paints),
            breakdown_ms_per_paint: breakdown.eva,
            ...common,
          },
          {
            bench: 'chat.paint_floor_cpu_ms',
            value: round(perPaint(floor), 2),
            unit: 'ms',
            goal: 'floor (a bare page appending the same text at the same moments)',
            breakdown_ms_per_paint: breakdown.floor,
            ...common,
          },
          {
            bench: 'chat.paints_per_s',
            value: round(median(eva.map((run) => run.paints / Math.max(0.001, run.seconds))), 1),
            unit: 'paints/s',
            goal: '>= 20 (the realistic model)',
            ...common,
          },
          {
            bench: 'chat.send_page_cpu_ms',
            value: breakdown.sendPageMs,
            unit: 'ms',
            goal: '<= 3',
            measured:
              "the page process's tasks (every thread) from the key press to the send request handed to the host's " +
              'socket, traced; after it the host sends the HTTP request while the page draws the question',
            to_first_paint_ms: breakdown.sendToFirstPaintMs,
            to_first_paint_measured: "the same tasks from the key press to the first token's change",
            ...common,
          },
        ];
      } finally {
        await browser.close();
        await host.stop();
      }
    },
  },
];
