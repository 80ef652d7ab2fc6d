// `npm run bench [-- <prefix>]`: runs every benchmark whose name starts with the
// prefix and prints one JSON object per line. Benchmarks compare against the raw
// llama-server in the same run; nothing here is a pass/fail test.
import { backendBenchmarks } from './backend.bench';
import { ggufHeaderBenchmarks } from './gguf-header.bench';
import { chatBenchmarks } from './chat.bench';
import { chatTtftBenchmarks } from './chat-ttft.bench';
import { chatLongTaskBenchmarks } from './chat-longtask.bench';
import { chatStreamBenchmarks } from './chat-stream.bench';
import { chatPaintBenchmarks } from './chat-paint.bench';
import { toolBenchmarks } from './tools.bench';
import { webFetchBenchmarks } from './web-fetch.bench';
import { historyBenchmarks } from './history.bench';
import { voiceBenchmarks } from './voice.bench';
import { ttsBenchmarks } from './tts.bench';
import { lifecycleBenchmarks } from './lifecycle.bench';
import { knowledgeBenchmarks } from './knowledge.bench';
import { workshopBenchmarks } from './workshop.bench';
import { imageBenchmarks } from './image.bench';
import { reopenBenchmarks } from './reopen.bench';
import { readAheadBenchmarks } from './read-ahead.bench';
import { poolBenchmarks } from './pool.bench';
import { speculativeBenchmarks } from './speculative.bench';
import { compareBenchmarks } from './compare.bench';
import { scaleBenchmarks } from './scale.bench';
import { appOpenBenchmarks } from './app-open.bench';
import { localApiBenchmarks } from './local-api.bench';
import type { Benchmark } from './types';

const all: Benchmark[] = [
  ...backendBenchmarks,
  ...ggufHeaderBenchmarks,
  ...chatBenchmarks,
  ...chatTtftBenchmarks,
  ...chatStreamBenchmarks,
  ...chatPaintBenchmarks,
  ...chatLongTaskBenchmarks,
  ...reopenBenchmarks,
  ...readAheadBenchmarks,
  ...toolBenchmarks,
  ...webFetchBenchmarks,
  ...historyBenchmarks,
  ...voiceBenchmarks,
  ...ttsBenchmarks,
  ...lifecycleBenchmarks,
  ...knowledgeBenchmarks,
  ...workshopBenchmarks,
  ...imageBenchmarks,
  ...poolBenchmarks,
  ...speculativeBenchmarks,
  ...compareBenchmarks,
  ...scaleBenchmarks,
  ...appOpenBenchmarks,
  ...localApiBenchmarks,
];

const prefix = process.argv[2] ?? '';
const selected = all.filter((bench) => bench.names.some((name) => name.startsWith(prefix)));
if (selected.length === 0) {
  console.error(`no benchmark matches "${prefix}"; known: ${all.flatMap((b) => b.names).join(', ')}`);
  process.exit(2);
}
for (const bench of selected) {
  for (const result of await bench.run()) {
    if (result.bench.startsWith(prefix)) console.log(JSON.stringify(result));
  }
}
