// knowledge.host_rss_mb's process: the host as it is after a restart with a
// 100,000-passage base, i.e. a fresh process that opens the database and answers
// queries through the hybrid search (the query embedded on the running server),
// so nothing the bench allocated to fill the base is counted. Prints one JSON
// line: memory before opening and after the queries (each after a full GC), and
// the first (cold) and later query times.
// Usage: EVA_BENCH_EMBED_KEY=<key> node --import tsx knowledge-host-child.ts <dbDir> <baseId> <dimension> <baseUrl>
// <queries.json>
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { searchBases } from '@main/services/knowledge/hybrid-search';
import { PassageStore } from '@main/services/knowledge/passage-table';
import type { KnowledgeBase } from '@shared/knowledge/knowledge-types';
import { linkEmbedder } from '@test-support/knowledge/embedder-harness';
import { median, round } from './stats';

const [dbDir, baseId, dimension, baseUrl, queriesFile] = process.argv.slice(2);
if (!dbDir || !baseId || !dimension || !baseUrl || !queriesFile) {
  console.error('usage: knowledge-host-child <dbDir> <baseId> <dimension> <baseUrl> <queries.json>');
  process.exit(2);
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const memoryMb = (): { rss: number; heap: number } => {
  gc();
  const usage = process.memoryUsage();
  return { rss: round(usage.rss / 1048576, 1), heap: round(usage.heapUsed / 1048576, 1) };
};

const queries = JSON.parse(await readFile(queriesFile, 'utf8')) as string[];
const before = memoryMb();
const store = await PassageStore.open(dbDir);
const embedder = linkEmbedder({ baseUrl, apiKey: process.env.EVA_BENCH_EMBED_KEY ?? '' });
const base: KnowledgeBase = {
  id: baseId,
  name: 'Bench 100k',
  createdAt: 0,
  files: [],
  embedder: { model: 'bench', dimension: Number(dimension) },
  needsReembed: false,
};
const times: number[] = [];
for (const query of queries) {
  const started = performance.now();
  const outcome = await searchBases({
    store,
    embedder,
    bases: [base],
    query,
    topN: 5,
    signal: AbortSignal.timeout(60_000),
  });
  if (outcome.hits.length === 0) throw new Error(`no hits for "${query}"`);
  times.push(performance.now() - started);
}
const after = memoryMb();
store.close();
console.log(
  JSON.stringify({
    before,
    after,
    coldMs: round(times[0]!, 1),
    warmP50Ms: round(median(times.slice(1)), 1),
    queries: times.length,
  }),
);
