// backend.load_ratio: load-to-ready through the app (BackendManager.load: GGUF
// read, backend choice, port, spawn, "listening" line, /health) divided by
// spawning the same binary with the same arguments and waiting for the same
// line; medians of 20 each, interleaved. backend.ready_delay_ms: from the
// "listening" line being read off the pipe to the app's ready event.
import { launchProcess } from '@main/services/process/launch';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { BackendManager } from '@main/services/backend/backend-manager';
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { defaultSettings } from '@shared/default-settings';
import { testAssets } from '@test-support/test-assets';
import type { Benchmark } from './types';
import { median, round } from './stats';

// Load times of the tiny model are ~100 ms, so a busy machine moves single runs by tens of percent:
// take many, and alternate which side goes first so neither always runs on a warmer cache.
const RUNS = 20;

async function appLoad(): Promise<{ ms: number; readyDelay: number; launch: { serverPath: string; args: string[] } }> {
  const registry = memoryLifecycle();
  let readyEventAt = 0;
  const manager = new BackendManager({
    binDirs: [testAssets.binDir],
    registry,
    emit: (event, payload) => {
      if (event === 'backend:state' && (payload as { state: string }).state === 'ready')
        readyEventAt = performance.now();
    },
    probeGpus: async () => [],
  });
  const settings = { ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 512 };
  const started = performance.now();
  await manager.load(settings);
  const ms = performance.now() - started;
  const timing = manager.lastReadyTiming();
  const launch = manager.activeLaunch();
  await manager.dispose();
  if (!timing || !launch) throw new Error('no timing recorded');
  return { ms, readyDelay: readyEventAt - timing.listeningAt, launch };
}

async function rawLoad(launch: { serverPath: string; args: string[] }): Promise<number> {
  const port = await findFreePort('127.0.0.1');
  const args = [...launch.args];
  args[args.indexOf('--port') + 1] = String(port);
  const started = performance.now();
  let readyAt = 0;
  const proc = launchProcess({
    name: 'llama-server (raw)',
    command: launch.serverPath,
    args,
    output: {
      mode: 'lines',
      onLine: (_stream, line) => {
        if (!readyAt && line.includes('listening on')) {
          readyAt = performance.now();
          void proc.stop();
        }
      },
    },
  });
  await proc.exited;
  if (!readyAt) throw new Error('raw llama-server never printed its listening line');
  return readyAt - started;
}

export const backendBenchmarks: Benchmark[] = [
  {
    names: ['backend.load_ratio', 'backend.ready_delay_ms'],
    async run() {
      const app: number[] = [];
      const raw: number[] = [];
      const delays: number[] = [];
      const warm = await appLoad(); // first launch pays for cold page cache; not counted
      await rawLoad(warm.launch);
      for (let i = 0; i < RUNS; i++) {
        if (i % 2 === 1) raw.push(await rawLoad(warm.launch));
        const a = await appLoad();
        app.push(a.ms);
        delays.push(a.readyDelay);
        if (i % 2 === 0) raw.push(await rawLoad(a.launch));
      }
      return [
        {
          bench: 'backend.load_ratio',
          value: round(median(app) / median(raw)),
          unit: 'ratio',
          goal: '<= 1.02',
          app_median_ms: round(median(app), 1),
          raw_median_ms: round(median(raw), 1),
          runs: RUNS,
        },
        {
          bench: 'backend.ready_delay_ms',
          value: round(median(delays), 2),
          unit: 'ms',
          goal: '<= 10',
          max_ms: round(Math.max(...delays), 2),
          runs: RUNS,
        },
      ];
    },
  },
];
