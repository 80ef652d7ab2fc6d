// app.*: what opening the page costs before the user can type, and what the app holds once it sits idle.
//
// app.initial_js_kb: the JavaScript the page fetched (decoded bytes, from the page's own resource timing) whose
// request started before the composer was usable. app.page_interactive_ms: from the navigation's start to the
// composer (`chat-input`) in the DOM, laid out and enabled, as the page's clock saw it; every load is cold (a new
// browser context: no HTTP or code cache), on a host with an empty history and the tiny model loaded; median of
// LOADS. app.idle_rss_mb: the resident memory of the host's process tree (its llama-server left out) and of the
// page's renderer process, a few seconds after the page opened on a history of the shared corpus
// (bench/history-corpus.ts); beside it their PSS (shared code split among the processes that share it) and the floor
// (as many bare Node processes and the renderer of a bare page, in the same run).
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';
import { defaultSettings } from '@shared/default-settings';
import { launchChromium } from './browser';
import { CONVERSATIONS, corpus, ensureCorpus } from './history-corpus';
import { processTree } from './proc-cpu';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';

const LOADS = 5;
const IDLE_MS = 5_000;
/** How long after the composer is usable a load waits before reading what it fetched (late responses land). */
const SETTLE_MS = 1_000;

/**
 * Installed before the page's own scripts: notes `performance.now()` the first time the composer is in the DOM, laid
 * out and enabled. The page's policy allows no polled predicate, so the driver reads the mark with plain evaluates.
 */
const INTERACTIVE_PROBE = `
window.__evaOpen = { interactiveAt: null };
const evaOpenCheck = () => {
  const input = document.querySelector('[data-testid="chat-input"]');
  if (!input || input.disabled || input.getClientRects().length === 0) return;
  window.__evaOpen.interactiveAt = performance.now();
  evaOpenObserver.disconnect();
};
const evaOpenObserver = new MutationObserver(evaOpenCheck);
evaOpenObserver.observe(document, { subtree: true, childList: true, attributes: true });
`;

/** Every script the page fetched so far: [path, decoded bytes, start time]. */
const SCRIPTS = `performance.getEntriesByType('resource')
  .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
  .map((entry) => [new URL(entry.name).pathname, entry.decodedBodySize, entry.startTime])`;

interface Load {
  interactiveMs: number;
  initialJsBytes: number;
  initialScripts: string[];
  allJsBytes: number;
}

async function interactiveAt(page: Page): Promise<number> {
  await page.getByTestId('chat-input').waitFor();
  for (;;) {
    const at = (await page.evaluate('window.__evaOpen.interactiveAt')) as number | null;
    if (at !== null) return at;
    await page.waitForTimeout(50);
  }
}

/** Loads the page in `page`, a tab of a new context (so a cold one), and reads what it took to become usable. */
async function coldLoad(page: Page, url: string): Promise<Load> {
  await page.addInitScript(INTERACTIVE_PROBE);
  await page.goto(url);
  const interactiveMs = await interactiveAt(page);
  await page.waitForTimeout(SETTLE_MS);
  const scripts = (await page.evaluate(SCRIPTS)) as [string, number, number][];
  const initial = scripts.filter(([, , start]) => start <= interactiveMs);
  return {
    interactiveMs,
    initialJsBytes: initial.reduce((sum, [, bytes]) => sum + bytes, 0),
    initialScripts: initial.map(([path]) => path),
    allJsBytes: scripts.reduce((sum, [, bytes]) => sum + bytes, 0),
  };
}

const newTab = async (browser: Browser): Promise<Page> => (await browser.newContext()).newPage();

/**
 * The page shows the composer once there is a model to talk to: the tiny one, loaded through the core before the page
 * opens, as on a desktop whose model loads at start.
 */
async function loadModel(host: RunningHost): Promise<void> {
  const client = await connectHost(host.url);
  try {
    await client.invoke('backend:load', {
      ...defaultSettings().load,
      modelPath: testAssets.tinyModel,
      contextSize: 512,
    });
  } finally {
    client.close();
  }
}

async function measureLoads(): Promise<BenchResult[]> {
  const host = await startHost();
  await loadModel(host);
  const browser = await launchChromium();
  try {
    const loads: Load[] = [];
    for (let i = 0; i < LOADS; i++) {
      const page = await newTab(browser);
      loads.push(await coldLoad(page, host.url));
      await page.context().close();
    }
    const initial = median(loads.map((load) => load.initialJsBytes));
    return [
      {
        bench: 'app.initial_js_kb',
        value: round(initial / 1024, 0),
        unit: 'KB',
        goal: '<= 800',
        measure: 'decoded bytes of the .js responses whose request started before the composer was usable',
        scripts: loads[0]?.initialScripts,
        js_kb_after_settle: round(median(loads.map((load) => load.allJsBytes)) / 1024, 0),
      },
      {
        bench: 'app.page_interactive_ms',
        value: round(median(loads.map((load) => load.interactiveMs)), 0),
        unit: 'ms',
        goal: '<= 400',
        measure: 'navigation start → chat-input laid out and enabled, cold context, empty history',
        runs_ms: loads.map((load) => round(load.interactiveMs, 0)),
      },
    ];
  } finally {
    await browser.close();
    await host.stop();
  }
}

interface Resident {
  /** resident kB: every page the process maps, shared or not */
  rss: number;
  /** proportional kB: a page shared by n processes counts 1/n in each */
  pss: number;
}

async function residentKb(pid: number): Promise<Resident> {
  try {
    const [status, rollup] = await Promise.all([
      readFile(`/proc/${pid}/status`, 'utf8'),
      readFile(`/proc/${pid}/smaps_rollup`, 'utf8'),
    ]);
    return {
      rss: Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0),
      pss: Number(/^Pss:\s+(\d+) kB$/m.exec(rollup)?.[1] ?? 0),
    };
  } catch {
    return { rss: 0, pss: 0 }; // it ended meanwhile
  }
}

const sumResidentKb = async (pids: number[]): Promise<Resident> =>
  (await Promise.all(pids.map(residentKb))).reduce((sum, kb) => ({ rss: sum.rss + kb.rss, pss: sum.pss + kb.pss }), {
    rss: 0,
    pss: 0,
  });

/**
 * The resident kB of each renderer process of the browsers this process launched, but Chromium's own UI
 * (`--top-chrome-webui`): the page's, and the spare one Chromium keeps ready for the next tab.
 */
async function renderersKb(): Promise<Map<number, Resident>> {
  const renderers = processTree(
    process.pid,
    (command) => command.includes('--type=renderer') && !command.includes('--top-chrome-webui'),
  );
  return new Map(await Promise.all(renderers.map(async (info) => [info.pid, await residentKb(info.pid)] as const)));
}

/** The renderer that grew most since `before`: the page's (the spare one holds nothing of it). */
async function grownRenderer(before: Map<number, Resident>): Promise<Resident> {
  const after = [...(await renderersKb())];
  const growth = ([pid, kb]: [number, Resident]): number => kb.rss - (before.get(pid)?.rss ?? 0);
  return after.reduce((most, entry) => (growth(entry) > growth(most) ? entry : most))[1];
}

/**
 * The floor no page can go under in this browser: the renderer of a page that shows one line of text and runs no
 * script, measured like EVA's page.
 */
async function bareRendererKb(browser: Browser): Promise<Resident> {
  const page = await newTab(browser);
  const before = await renderersKb();
  await page.goto('data:text/html,<!doctype html><title>bare</title><p>A bare page.</p>');
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const kb = await grownRenderer(before);
  await page.context().close();
  return kb;
}

/** The resident kB of a Node process that runs nothing: the floor of each of the host's processes. */
async function bareNodeKb(): Promise<Resident> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return await residentKb(child.pid as number);
  } finally {
    child.kill();
  }
}

const mb = (kb: number): number => round(kb / 1024, 0);

async function savedConversations(host: RunningHost): Promise<number> {
  const client = await connectHost(host.url);
  try {
    return (await client.invoke('history:list')).conversations.length;
  } finally {
    client.close();
  }
}

async function measureIdleRss(): Promise<BenchResult> {
  await ensureCorpus();
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-bench-open-'));
  await cp(corpus, join(dataDir, 'history'), { recursive: true });
  const host = await startHost({ EVA_DATA_DIR: dataDir });
  await loadModel(host);
  // A browser of its own, so that its renderers are this page's and the spare one.
  const browser = await launchChromium();
  try {
    const page = await newTab(browser);
    const before = await renderersKb();
    const load = await coldLoad(page, host.url);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    // The model's server is the model's memory, not the app's.
    const hostPids = processTree(host.process.pid as number, (command) => !command.includes('llama-server')).map(
      (info) => info.pid,
    );
    const hostKb = await sumResidentKb(hostPids);
    const rendererKb = await grownRenderer(before);
    const conversations = await savedConversations(host);
    if (conversations < CONVERSATIONS) throw new Error(`the history holds ${conversations} conversations`);
    const bareRenderer = await bareRendererKb(browser);
    const bareNode = await bareNodeKb();
    return {
      bench: 'app.idle_rss_mb',
      value: mb(hostKb.rss + rendererKb.rss),
      unit: 'MB',
      goal: '<= 250',
      host_mb: mb(hostKb.rss),
      host_processes: hostPids.length,
      renderer_mb: mb(rendererKb.rss),
      // What the app adds to the machine: RSS counts the code Node and Chromium share between their processes once
      // in each, PSS splits it among them.
      pss_mb: mb(hostKb.pss + rendererKb.pss),
      host_pss_mb: mb(hostKb.pss),
      renderer_pss_mb: mb(rendererKb.pss),
      floor_mb: mb(bareNode.rss * hostPids.length + bareRenderer.rss),
      floor_measure: `${hostPids.length} bare Node processes and the renderer of a bare page, RSS`,
      bare_renderer_mb: mb(bareRenderer.rss),
      bare_node_mb: mb(bareNode.rss),
      conversations,
      idle_ms: IDLE_MS,
      interactive_ms_with_history: round(load.interactiveMs, 0),
    };
  } finally {
    await browser.close();
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export const appOpenBenchmarks: Benchmark[] = [
  {
    names: ['app.initial_js_kb', 'app.page_interactive_ms', 'app.idle_rss_mb'],
    async run() {
      return [...(await measureLoads()), await measureIdleRss()];
    },
  },
];
