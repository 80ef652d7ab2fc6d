// knowledge.*: the knowledge base against a real embedding llama-server (bin/cpu,
// the tiny test model unless EVA_BENCH_EMBED_MODEL names another), started the
// way the app starts it. ingest_ratio compares the app with bare /v1/embeddings
// calls in the same run; query_ms, db_bytes and host_rss_mb are taken at 100,000
// passages. Nothing here is a pass/fail test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchEmbedder } from './knowledge-embedder';
import { benchIngest, benchIngestSettings } from './knowledge-ingest';
import { benchQuery } from './knowledge-query';
import type { Benchmark, BenchResult } from './types';

export const knowledgeBenchmarks: Benchmark[] = [
  {
    names: ['knowledge.ingest_ratio', 'knowledge.query_ms', 'knowledge.db_bytes', 'knowledge.host_rss_mb'],
    async run() {
      const root = await mkdtemp(join(tmpdir(), 'eva-bench-knowledge-'));
      const embedding = await startBenchEmbedder();
      // run.ts prints only the metrics its prefix selects: the 100,000-passage part is skipped when none of it is.
      const prefix = process.argv[2] ?? '';
      const wanted = (names: string[]) => names.some((name) => name.startsWith(prefix));
      const results: BenchResult[] = [];
      try {
        if (wanted(['knowledge.ingest_ratio'])) {
          // ~1,300 passages of 64 tokens in 48 files (one request each): the tokens of ~330 default 256-token
          // passages, so a run takes seconds, with many passages and files for the app's own costs to show.
          results.push(
            await benchIngest(embedding.embedder, embedding.endpoint, root, {
              files: 48,
              wordsPerFile: 600,
              runs: 4,
              settings: { ...benchIngestSettings(), passageTokens: 64, overlapTokens: 8 },
            }),
          );
        }
        if (wanted(['knowledge.query_ms', 'knowledge.db_bytes', 'knowledge.host_rss_mb'])) {
          results.push(
            ...(await benchQuery(embedding.embedder, embedding.endpoint, {
              passages: 100_000,
              passagesPerFile: 500,
              wordsPerPassage: 150,
              queries: 120,
              warmup: 10,
            })),
          );
        }
        return results.map((r) => ({ ...r, model: embedding.model }));
      } finally {
        await embedding.stop();
        await rm(root, { recursive: true, force: true });
      }
    },
  },
];
