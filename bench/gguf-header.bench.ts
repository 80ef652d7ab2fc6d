// backend.gguf_header_ms: reading the header of a model with a 32,000-token vocabulary
// (readGgufHeader), which a user waits for each time a model is picked or inspected. The
// first, cold read is reported beside the median of 20, which a stray GC pause does not move.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGgufHeader } from '@main/services/backend/gguf/gguf-reader';
import { GgufType } from '@main/services/backend/gguf/gguf-values';
import { kv, writeGguf } from '@scripts/fixtures/gguf-writer';
import type { Benchmark } from './types';
import { median, round } from './stats';

const RUNS = 20;
const TOKENS = 32_000;

async function headerTimes(): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'eva-bench-gguf-'));
  try {
    const path = join(dir, 'vocab32k.gguf');
    const tokens = Array.from({ length: TOKENS }, (_, i) => `tok${i}▁`);
    const metadata = {
      'general.architecture': kv.str('llama'),
      'tokenizer.ggml.tokens': kv.arr(GgufType.STRING, tokens),
      'tokenizer.ggml.scores': kv.arr(
        GgufType.FLOAT32,
        tokens.map((_, i) => -i),
      ),
    };
    await writeGguf(path, { metadata, tensors: [] });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await readGgufHeader(path);
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const ggufHeaderBenchmarks: Benchmark[] = [
  {
    names: ['backend.gguf_header_ms'],
    async run() {
      const times = await headerTimes();
      return [
        {
          bench: 'backend.gguf_header_ms',
          value: round(median(times), 2),
          unit: 'ms',
          goal: '< 20',
          first_ms: round(times[0] ?? NaN, 2),
          runs: RUNS,
          tokens: TOKENS,
        },
      ];
    },
  },
];
