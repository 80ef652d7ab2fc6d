// image.generate_ratio: a picture as the user gets it — the prompt typed on the
// image page in real Chromium, Generate pressed, and the clock stopped when the
// PNG is decoded and shown on the page (the browser host, the built app: the
// core runs sd-cli under the process lifecycle with its progress reader and
// events, checks the PNG, puts EVA's parameters into it, stores it and sends it
// back as a data URL) — divided by sd-cli run directly with the same arguments
// (sd-direct.ts). The tiny random-weight SD1 model (made here if missing), same
// seed for both, interleaved runs, medians, the first of each left out (cold
// caches). "Also put each new picture into the chat" is off: that work starts
// after the picture is shown and is not what this ratio is about.
// image.generate_ratio draws 256×256 in 4 steps (about 5 s a run on 2 cores:
// what the app adds to a real picture); image.generate_tiny_ratio draws 64×64
// in 2 steps (about 1 s), where the app's fixed costs show at their largest.
// EVA_BENCH_IMAGE_THREADS sets sd-cli's threads for both (the
// image settings' threads; default 0, sd-cli's own choice: on a machine where
// another process holds a core, 1 keeps ggml's threads from waiting on each
// other and the figures from scattering); EVA_BENCH_RUNS takes more runs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startHost } from '@test-support/host-process';
import { ensureTinySdModel, realSdCli, sdAssets } from '@test-support/images/sd-test-assets';
import { connectHost } from '@test-support/ws-client';
import { launchChromium } from './browser';
import { runSdDirect } from './sd-direct';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';

const RUNS = Number(process.env.EVA_BENCH_RUNS ?? 7);
const THREADS = Number(process.env.EVA_BENCH_IMAGE_THREADS ?? 0);
const SEED = 42;
const PROMPT = 'a lighthouse on a cliff at dusk';

/**
 * Installed before the page's scripts: the time of the click on Generate, and of the frame after the new result
 * picture is decoded. The new result is told by its id: the same seed draws the same PNG, so the <img> may keep
 * its src (no load event) while the result around it changes.
 */
const PAGE_PROBE = `
window.__evaImage = { clickedAt: null, shownAt: null, before: null };
const resultId = () => document.querySelector('[data-testid="image-result"]')?.getAttribute('data-id') ?? null;
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-testid="image-generate"]')) Object.assign(window.__evaImage, { clickedAt: performance.now(), shownAt: null, before: resultId() });
}, true);
new MutationObserver(() => {
  const probe = window.__evaImage;
  if (probe.clickedAt === null || probe.shownAt !== null || probe.pending) return;
  const id = resultId();
  if (id === null || id === probe.before) return;
  const img = document.querySelector('[data-testid="image-result-image"]');
  if (!img) return;
  probe.pending = true;
  img.decode().catch(() => undefined).then(() => requestAnimationFrame(() => { probe.shownAt = performance.now(); probe.pending = false; }));
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-id', 'src'] });
`;

async function pageRun(page: Page): Promise<number> {
  await page.getByTestId('image-generate').click();
  const handle = await page.waitForFunction(
    () => {
      const probe = (window as unknown as { __evaImage: { clickedAt: number | null; shownAt: number | null } })
        .__evaImage;
      return probe.shownAt !== null && probe.clickedAt !== null ? probe.shownAt - probe.clickedAt : null;
    },
    undefined,
    { timeout: 600_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

interface Case {
  bench: string;
  goal: string;
  size: number;
  steps: number;
}

/** Interleaved runs of the page and of sd-cli directly, after one of each to warm the caches. */
async function measure(page: Page, model: string, dir: string, c: Case): Promise<BenchResult> {
  for (const [field, value] of [
    ['image-width', c.size],
    ['image-height', c.size],
    ['image-steps', c.steps],
    ['image-seed', SEED],
  ] as const)
    await page.getByTestId(field).fill(String(value));
  // The page's own arguments: the same template defaults it sends (negative prompt, CFG, sampler).
  const params = {
    prompt: PROMPT,
    negativePrompt: '',
    width: c.size,
    height: c.size,
    steps: c.steps,
    cfg: 7,
    seed: SEED,
    sampler: 'euler_a' as const,
  };
  let serial = 0;
  const directRun = () =>
    runSdDirect(sdAssets.cli, {
      template: 'default',
      files: { model },
      params,
      outputPath: join(dir, `direct-${serial++}.png`),
      threads: THREADS,
    });
  await pageRun(page);
  await directRun();
  const app: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so neither always runs on a warmer machine.
    if (i % 2 === 0) {
      app.push(await pageRun(page));
      plain.push((await directRun()).ms);
    } else {
      plain.push((await directRun()).ms);
      app.push(await pageRun(page));
    }
  }
  const appMs = median(app);
  const directMs = median(plain);
  return {
    bench: c.bench,
    value: round(appMs / directMs),
    unit: 'ratio',
    goal: c.goal,
    app_median_ms: round(appMs, 1),
    direct_median_ms: round(directMs, 1),
    app_min_ms: round(Math.min(...app), 1),
    direct_min_ms: round(Math.min(...plain), 1),
    // The fastest of each: less at the mercy of whatever else the machine is doing than the medians.
    min_ratio: round(Math.min(...app) / Math.min(...plain)),
    size: `${c.size}x${c.size}`,
    steps: c.steps,
    threads: THREADS,
    runs: RUNS,
  };
}

export const imageBenchmarks: Benchmark[] = [
  {
    names: ['image.generate_ratio', 'image.generate_tiny_ratio'],
    async run(): Promise<BenchResult[]> {
      if (!realSdCli)
        throw new Error(
          `image.generate_ratio needs the real sd-cli (${sdAssets.cli}): npm run backend:build -- --sd [--source DIR]`,
        );
      const model = await ensureTinySdModel();
      const dir = await mkdtemp(join(tmpdir(), 'eva-bench-image-'));
      const host = await startHost();
      if (THREADS > 0) {
        const client = await connectHost(host.url);
        await client.invoke('settings:update', { images: { threads: THREADS } });
        client.close();
      }
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.addInitScript(PAGE_PROBE);
        await page.goto(host.url);
        await page.getByTestId('open-expend').click();
        await page.getByTestId('open-images').click();
        await page.getByTestId('image-file-model').fill(model);
        await page.getByTestId('image-prompt').fill(PROMPT);
        await page.getByTestId('image-to-chat').uncheck();
        return [
          await measure(page, model, dir, { bench: 'image.generate_ratio', goal: '<= 1.05', size: 256, steps: 4 }),
          await measure(page, model, dir, {
            bench: 'image.generate_tiny_ratio',
            goal: 'detail of image.generate_ratio: 64×64 in 2 steps, fixed costs at their largest',
            size: 64,
            steps: 2,
          }),
        ];
      } finally {
        await browser.close();
        await host.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
