// scale.rpc_ratio: generation tokens/s of the tiny model through two loopback
// RPC workers (ggml-rpc-server, started by the app) ÷ the same model on the
// local llama-server alone. Reported, no goal: on one machine RPC only adds the
// loopback round trips of every layer's tensors, so this is its overhead; the
// gain it exists for (a model larger than one machine) cannot be measured here.
// Tokens/s are llama-server's own timings (predicted_per_second), medians of
// RUNS answers each, the two setups measured one after the other so they never
// share the cores.
import { cpus } from 'node:os';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { BackendManager } from '@main/services/backend/backend-manager';
import { defaultSettings } from '@shared/default-settings';
import type { RpcSettings } from '@shared/rpc/rpc-settings';
import { testAssets } from '@test-support/test-assets';
import type { Benchmark } from './types';
import { median, round } from './stats';

const RUNS = 5;
const TOKENS = 128;
const WORKERS = 2;

/** Median tokens/s of RUNS answers of TOKENS tokens from a server loaded with these RPC settings. */
async function tokensPerSecond(rpc: RpcSettings): Promise<{ tps: number; workers: number }> {
  const registry = memoryLifecycle();
  const manager = new BackendManager({
    binDirs: [testAssets.binDir],
    registry,
    emit: () => {},
    probeGpus: async () => [],
  });
  try {
    await manager.load({ ...defaultSettings().load, modelPath: testAssets.tinyModel, contextSize: 512, rpc });
    const endpoint = manager.localEndpoint();
    if (!endpoint) throw new Error('the server is not ready');
    const rates: number[] = [];
    // The first answer warms the caches (and, with RPC, the workers' graph) and is not counted.
    for (let run = 0; run <= RUNS; run++) {
      const response = await fetch(`${endpoint.baseUrl}/completion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.apiKey}` },
        body: JSON.stringify({ prompt: 'Once upon a time', n_predict: TOKENS, ignore_eos: true, cache_prompt: false }),
      });
      const answer = (await response.json()) as { timings?: { predicted_per_second?: number; predicted_n?: number } };
      if (!answer.timings?.predicted_per_second || answer.timings.predicted_n !== TOKENS)
        throw new Error(`no timings for ${TOKENS} tokens (status ${response.status})`);
      if (run > 0) rates.push(answer.timings.predicted_per_second);
    }
    return {
      tps: median(rates),
      workers: (manager.getStatus().rpcWorkers ?? []).filter((worker) => worker.state === 'ready').length,
    };
  } finally {
    await manager.dispose();
    await registry.stopAll(500);
  }
}

export const scaleBenchmarks: Benchmark[] = [
  {
    names: ['scale.rpc_ratio'],
    async run() {
      const off = defaultSettings().load.rpc;
      const local = await tokensPerSecond(off);
      const rpc = await tokensPerSecond({ ...off, mode: 'local', localWorkers: WORKERS, workerThreads: 1 });
      if (rpc.workers !== WORKERS) throw new Error(`${rpc.workers} of ${WORKERS} workers were ready`);
      return [
        {
          bench: 'scale.rpc_ratio',
          value: round(rpc.tps / local.tps),
          unit: 'ratio',
          goal: 'reported',
          rpc_tokens_per_s: round(rpc.tps, 1),
          local_tokens_per_s: round(local.tps, 1),
          workers: WORKERS,
          worker_threads: 1,
          tokens: TOKENS,
          runs: RUNS,
          cpus: cpus().length,
        },
      ];
    },
  },
];
