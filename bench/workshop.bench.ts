// workshop.quantize_ratio: a quantization as the app does it — workshop:quantize
// sent by a WebSocket client to the real browser host (the built app), which runs
// llama-quantize under the process lifecycle with its progress reader and events,
// writes `<output>.part` and renames it — divided by llama-quantize run directly
// with the same arguments (quantize-direct.ts). Interleaved runs in the same
// process, medians, the first of each left out (cold caches). The medium test
// model to Q8_0 by default (about a second a run on 2 cores: what the app adds to
// a real job); workshop.quantize_tiny_ratio does the same with the tiny model
// (~0.2 s), where the app's fixed costs show at their largest.
// EVA_BENCH_QUANT_MODEL / EVA_BENCH_QUANT_TYPE measure another model or type,
// EVA_BENCH_RUNS takes more runs on a noisy machine.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuantTypeName } from '@shared/workshop/quant-types';
import { startHost } from '@test-support/host-process';
import { requireWorkshopAssets, workshopAssets } from '@test-support/workshop/workshop-assets';
import { connectHost, type HostClient } from '@test-support/ws-client';
import { runQuantizeDirect, type DirectQuantize } from './quantize-direct';
import { median, round } from './stats';
import type { Benchmark, BenchResult } from './types';

const RUNS = Number(process.env.EVA_BENCH_RUNS ?? 11);

interface Case {
  bench: string;
  goal: string;
  modelPath: string;
  type: QuantTypeName;
}

async function measure(client: HostClient, dir: string, c: Case): Promise<BenchResult> {
  const direct: DirectQuantize = { binary: workshopAssets.quantize, modelPath: c.modelPath, type: c.type };
  const appOutput = join(dir, `app-${c.type}.gguf`);
  const directOutput = join(dir, `direct-${c.type}.gguf`);
  let serial = 0;
  const appRun = async (): Promise<{ ms: number; serviceMs: number; bytes: number }> => {
    await rm(appOutput, { force: true });
    const started = performance.now();
    const result = await client.invoke('workshop:quantize', {
      jobId: `bench-${serial++}`,
      modelPath: c.modelPath,
      type: c.type,
      outputPath: appOutput,
    });
    return { ms: performance.now() - started, serviceMs: result.ms, bytes: result.bytes };
  };
  const directRun = async () => {
    await rm(directOutput, { force: true });
    return runQuantizeDirect(direct, directOutput);
  };
  // Cold caches (the model file, the binary) are paid by these two, which also check that the same arguments wrote the
  // same bytes.
  await appRun();
  await directRun();
  if (!(await readFile(appOutput)).equals(await readFile(directOutput)))
    throw new Error(`the app and llama-quantize wrote different files for ${c.modelPath} ${c.type}`);

  const app: Array<{ ms: number; serviceMs: number; bytes: number }> = [];
  const plain: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so neither always runs on a warmer machine.
    if (i % 2 === 0) {
      app.push(await appRun());
      plain.push((await directRun()).ms);
    } else {
      plain.push((await directRun()).ms);
      app.push(await appRun());
    }
  }
  const appMs = median(app.map((run) => run.ms));
  const directMs = median(plain);
  return {
    bench: c.bench,
    value: round(appMs / directMs),
    unit: 'ratio',
    goal: c.goal,
    app_median_ms: round(appMs, 1),
    core_service_median_ms: round(median(app.map((run) => run.serviceMs)), 1),
    direct_median_ms: round(directMs, 1),
    direct_min_ms: round(Math.min(...plain), 1),
    app_min_ms: round(Math.min(...app.map((run) => run.ms)), 1),
    // The fastest of each: less at the mercy of whatever else the machine is doing than the medians.
    min_ratio: round(Math.min(...app.map((run) => run.ms)) / Math.min(...plain)),
    output_bytes: app[0]?.bytes ?? 0,
    model: c.modelPath,
    type: c.type,
    runs: RUNS,
  };
}

export const workshopBenchmarks: Benchmark[] = [
  {
    names: ['workshop.quantize_ratio', 'workshop.quantize_tiny_ratio'],
    async run(): Promise<BenchResult[]> {
      requireWorkshopAssets();
      const type = (process.env.EVA_BENCH_QUANT_TYPE ?? 'Q8_0') as QuantTypeName;
      const dir = await mkdtemp(join(tmpdir(), 'eva-bench-workshop-'));
      const host = await startHost();
      const client = await connectHost(host.url);
      try {
        return [
          await measure(client, dir, {
            bench: 'workshop.quantize_ratio',
            goal: '<= 1.05',
            modelPath: process.env.EVA_BENCH_QUANT_MODEL ?? workshopAssets.mediumModel,
            type,
          }),
          await measure(client, dir, {
            bench: 'workshop.quantize_tiny_ratio',
            goal: 'detail of workshop.quantize_ratio: the tiny model, fixed costs at their largest',
            modelPath: workshopAssets.tinyModel,
            type,
          }),
        ];
      } finally {
        client.close();
        await host.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];
