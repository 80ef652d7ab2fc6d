// What the page costs the model while an answer streams, end to end.
//
// chat.e2e_stream_ratio: tokens/s the user sees in EVA's page (first to last
// change of the answer's DOM) ÷ tokens/s a plain streaming client gets from a
// raw llama-server running alone (no page open, default threads: all cores),
// whatever thread count the app chose. Medians of interleaved rounds: raw, EVA,
// the peer (llama.cpp's own web UI, served by its own llama-server), again.
// CPU time of the browser's processes and of the host per 1,000 tokens comes
// from /proc. Three cases: the tiny model with 2,000-token answers, the same
// model trained for 16K with 8,000-token answers, and a slower model (≈ 30–60
// tokens/s here) with 400-token answers.
import type { Browser } from '@playwright/test';
import { startHost } from '@test-support/host-process';
import { testAssets } from '@test-support/test-assets';
import { connectHost } from '@test-support/ws-client';
import { defaultSettings } from '@shared/default-settings';
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { probeHealth } from '@main/services/backend/run/health-probe';
import { launchProcess } from '@main/services/process/launch';
import { makeTestModel, VARIANTS, type ModelVariant } from '../scripts/fixtures/make-test-model';
import { launchChromium } from './browser';
import { ensureWebUi } from './ensure-webui';
import { median, round } from './stats';
import { evaRun, rawRun, webUiRun, type Run } from './stream-runs';
import type { Benchmark, BenchResult } from './types';
import type { LoadSettings } from '@shared/contract';

interface Case {
  key: '' | '_8k' | '_realistic';
  variant: ModelVariant;
  tokens: number;
  contextSize: number;
  rounds: number;
}

const CASES: Case[] = [
  { key: '', variant: 'tiny', tokens: 2000, contextSize: 2048, rounds: 3 },
  { key: '_8k', variant: 'long', tokens: 8000, contextSize: 16384, rounds: 2 },
  { key: '_realistic', variant: 'slow', tokens: 400, contextSize: 2048, rounds: 2 },
];

function launchServer(model: string, contextSize: number, port: number, extra: string[] = []) {
  return launchProcess({
    name: 'llama-server (bench)',
    output: { mode: 'none' },
    command: testAssets.llamaServer,
    args: ['-m', model, '--host', '127.0.0.1', '--port', String(port), '-c', String(contextSize), ...extra],
  });
}

async function waitHealthy(port: number): Promise<void> {
  while ((await probeHealth(port)) !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
}

const perThousand = (runs: Run[], field: 'browserCpuMs' | 'hostCpuMs'): number =>
  median(runs.map((run) => ((run[field] ?? NaN) / run.tokens) * 1000));
const rate = (runs: Run[]): number => median(runs.map((run) => run.tokensPerSecond));

async function measureCase(browser: Browser, item: Case): Promise<BenchResult[]> {
  const model = (await makeTestModel({ repoRoot: testAssets.root, variant: item.variant, log: () => undefined })).path;
  const rawPort = await findFreePort('127.0.0.1');
  const peerPort = await findFreePort('127.0.0.1');
  const dist = await ensureWebUi(testAssets.root);
  // Both at llama-server's default threads (all cores), as a user running it by hand would.
  const raw = launchServer(model, item.contextSize, rawPort);
  const peer = launchServer(model, item.contextSize, peerPort, ['--path', dist]);
  const host = await startHost();
  // Playwright's Chromium runs under this process; its tree is the page's browser.
  const browserRoot = process.pid;
  try {
    const client = await connectHost(host.url);
    // EVA_BENCH_APP_THREADS: the app's server threads (0: llama-server's default), to compare leaving a core to the
    // page.
    const appThreads = Number(process.env.EVA_BENCH_APP_THREADS ?? defaultSettings().load.threads);
    // EVA_BENCH_APP_FA: the app's flash attention (default: its own "auto", off on the CPU), to compare like for like
    // with the raw server's default.
    const appFlash = (process.env.EVA_BENCH_APP_FA ??
      defaultSettings().load.flashAttention) as LoadSettings['flashAttention'];
    await client.invoke('backend:load', {
      ...defaultSettings().load,
      modelPath: model,
      contextSize: item.contextSize,
      threads: appThreads,
      flashAttention: appFlash,
    });
    const { chat } = await client.invoke('settings:get');
    await client.invoke('settings:update', { chat: { sampling: { ...chat.sampling, max_tokens: item.tokens } } });
    const threads = appThreads;
    client.close();
    await Promise.all([waitHealthy(rawPort), waitHealthy(peerPort)]);

    const rawRuns: Run[] = [];
    const evaRuns: Run[] = [];
    const peerRuns: Run[] = [];
    for (let round_ = 0; round_ < item.rounds; round_++) {
      rawRuns.push(await rawRun(`http://127.0.0.1:${rawPort}`, item.tokens));
      evaRuns.push(await evaRun(browser, host, browserRoot));
      peerRuns.push(await webUiRun(browser, `http://127.0.0.1:${peerPort}/`, item.tokens, browserRoot));
    }
    const rawRate = rate(rawRuns);
    const details = {
      model: VARIANTS[item.variant].name,
      answer_tokens: item.tokens,
      rounds: item.rounds,
      raw_tokens_per_s: round(rawRate, 1),
      app_threads: threads === 0 ? 'auto' : threads,
      app_flash_attention: appFlash,
      raw_flash_attention: 'llama-server default (auto)',
    };
    const suffix = item.key;
    const results: BenchResult[] = [
      {
        bench: `chat.e2e_stream_ratio${suffix}`,
        value: round(rate(evaRuns) / rawRate),
        unit: 'ratio',
        goal: suffix === '_realistic' ? '>= 0.95' : '>= 0.6',
        dom_tokens_per_s: round(rate(evaRuns), 1),
        tokens: evaRuns.map((run) => run.tokens),
        ...details,
      },
      {
        bench: `chat.renderer_cpu_ms_per_1k_tokens${suffix}`,
        value: round(perThousand(evaRuns, 'browserCpuMs'), 0),
        unit: 'ms',
        goal: '<= 500',
        ...details,
      },
      {
        bench: `chat.host_cpu_ms_per_1k_tokens${suffix}`,
        value: round(perThousand(evaRuns, 'hostCpuMs'), 0),
        unit: 'ms',
        goal: '<= 100',
        ...details,
      },
      {
        bench: `chat.webui_e2e_stream_ratio${suffix}`,
        value: round(rate(peerRuns) / rawRate),
        unit: 'ratio',
        goal: 'peer (llama.cpp web UI)',
        dom_tokens_per_s: round(rate(peerRuns), 1),
        tokens: peerRuns.map((run) => run.tokens),
        ...details,
      },
      {
        bench: `chat.webui_renderer_cpu_ms_per_1k_tokens${suffix}`,
        value: round(perThousand(peerRuns, 'browserCpuMs'), 0),
        unit: 'ms',
        goal: 'peer (llama.cpp web UI)',
        ...details,
      },
    ];
    return results;
  } finally {
    await host.stop();
    await raw.stop();
    await peer.stop();
  }
}

export const chatStreamBenchmarks: Benchmark[] = [
  {
    names: CASES.flatMap((item) =>
      [
        'e2e_stream_ratio',
        'renderer_cpu_ms_per_1k_tokens',
        'host_cpu_ms_per_1k_tokens',
        'webui_e2e_stream_ratio',
        'webui_renderer_cpu_ms_per_1k_tokens',
      ].map((name) => `chat.${name}${item.key}`),
    ),
    async run(): Promise<BenchResult[]> {
      const only = process.env.EVA_BENCH_CASES?.split(',');
      const browser = await launchChromium();
      try {
        const results: BenchResult[] = [];
        for (const item of CASES)
          if (!only || only.includes(item.variant)) results.push(...(await measureCase(browser, item)));
        return results;
      } finally {
        await browser.close();
      }
    },
  },
];
