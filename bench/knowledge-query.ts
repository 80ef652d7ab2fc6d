// knowledge.query_ms, knowledge.db_bytes, knowledge.host_rss_mb at 100,000
// passages. The base gets its embedder the ordinary way (one real file ingested
// through the service); then 100,000 synthetic passages (seeded prose of about
// a default passage's length, random unit vectors of the model's dimension) are
// written through PassageStore.replaceFile in file-sized groups and the index
// is updated as after an ingest. Embedding 100,000 passages on the tiny model
// would take the better part of an hour and would not change what a search
// costs. Every query goes through the service's hybrid search: the query is
// embedded on the real server, then the vector side and the BM25 side run.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { embedTexts } from '@main/services/knowledge/embedding-client';
import type { EmbeddingEndpoint } from '@main/services/knowledge/embedding-server';
import type { Embedder } from '@main/services/knowledge/embedder';
import type { PassageRow } from '@main/services/knowledge/passage-table';
import { seededRandom } from '@test-support/seeded-random';
import { makeKnowledgeHarness } from '@test-support/knowledge/knowledge-harness';
import { proseWriter } from './knowledge-corpus';
import { median, percentile, round } from './stats';
import type { BenchResult } from './types';

export interface QueryPlan {
  passages: number;
  passagesPerFile: number;
  /** words of a synthetic passage: ~150 words is ~1,000 characters, a 256-token passage of English */
  wordsPerPassage: number;
  queries: number;
  warmup: number;
}

type QueryKind = 'sentence' | 'keywords' | 'question';

function unitVector(rand: () => number, dimension: number): number[] {
  const v = Array.from({ length: dimension }, () => rand() * 2 - 1);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

/** Bytes on disk under `dir`, in all and by the folder inside a table (data, _indices, _versions…). */
async function bytesUnder(dir: string): Promise<{ total: number; byPart: Record<string, number> }> {
  let total = 0;
  const byPart: Record<string, number> = {};
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const size = (await stat(join(entry.parentPath, entry.name))).size;
    const part = relative(dir, entry.parentPath).split(sep)[1] ?? '.';
    total += size;
    byPart[part] = (byPart[part] ?? 0) + size;
  }
  return { total, byPart };
}

/** A fresh process's memory with the base open and queried (knowledge-host-child.ts). */
async function hostMemory(input: {
  dbDir: string;
  baseId: string;
  dimension: number;
  endpoint: EmbeddingEndpoint;
  queries: string[];
  scratch: string;
}) {
  const queriesFile = join(input.scratch, 'host-queries.json');
  await writeFile(queriesFile, JSON.stringify(input.queries));
  const child = resolve(import.meta.dirname, 'knowledge-host-child.ts');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', child, input.dbDir, input.baseId, String(input.dimension), input.endpoint.baseUrl, queriesFile],
    {
      cwd: resolve(import.meta.dirname, '..'),
      env: { ...process.env, EVA_BENCH_EMBED_KEY: input.endpoint.apiKey },
      timeout: 300_000,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    before: { rss: number; heap: number };
    after: { rss: number; heap: number };
    coldMs: number;
    warmP50Ms: number;
    queries: number;
  };
}

/** The bench process's memory after a full collection, so its own garbage (100,000 generated rows) is not counted. */
function memoryMb(): { rss: number; heapUsed: number } {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const usage = process.memoryUsage();
  return { rss: round(usage.rss / 1048576, 1), heapUsed: round(usage.heapUsed / 1048576, 1) };
}

export async function benchQuery(
  embedder: Embedder,
  endpoint: EmbeddingEndpoint,
  plan: QueryPlan,
): Promise<BenchResult[]> {
  const kb = await makeKnowledgeHarness(embedder);
  try {
    const before = memoryMb();
    const { id } = await kb.service.create('Bench 100k');
    const prose = proseWriter(101);
    const seedFile = join(kb.root, 'seed.md');
    await writeFile(seedFile, `# Seed\n\n${prose.text(300)}\n`);
    await kb.service.addPaths(id, [seedFile]);
    await kb.service.idle();
    const dimension = kb.service.list().bases.find((b) => b.id === id)!.embedder!.dimension;

    const rand = seededRandom(202);
    const sentences: string[] = [];
    const fillStarted = performance.now();
    let written = await kb.service.store.count(id);
    for (let file = 0; written < plan.passages; file++) {
      const fileId = `synthetic${String(file).padStart(5, '0')}`;
      const path = join(kb.root, 'synthetic', `${fileId}.md`);
      const rows: PassageRow[] = [];
      let charStart = 0;
      for (let i = 0; i < Math.min(plan.passagesPerFile, plan.passages - written); i++) {
        const text = prose.text(plan.wordsPerPassage);
        if (rand() < (plan.queries * 2) / plan.passages) sentences.push(text.split(/(?<=\.)\s/)[0]!);
        rows.push({
          id: randomUUID(),
          file_id: fileId,
          rev: 'synthetic',
          text,
          path,
          page: 0,
          line_start: i * 20 + 1,
          line_end: i * 20 + 20,
          char_start: charStart,
          char_end: charStart + text.length,
          vector: unitVector(rand, dimension),
        });
        charStart += text.length;
      }
      await kb.service.store.replaceFile(id, fileId, 'synthetic', rows, { hadPassages: false });
      written += rows.length;
    }
    const fillMs = performance.now() - fillStarted;
    const optimizeStarted = performance.now();
    await kb.service.store.optimize(id);
    const optimizeMs = performance.now() - optimizeStarted;
    const rows = await kb.service.store.count(id);

    const queries: Array<{ kind: QueryKind; text: string }> = [];
    for (let i = 0; queries.length < plan.queries + plan.warmup; i++) {
      const kind: QueryKind = (['sentence', 'keywords', 'question'] as const)[i % 3]!;
      const text =
        kind === 'sentence'
          ? sentences[i % sentences.length]!
          : kind === 'keywords'
            ? Array.from({ length: 1 + (i % 3) }, () => prose.rareWord()).join(' ')
            : `What does the ${prose.rareWord()} say about ${prose.rareWord()} and the ${prose.rareWord()}?`;
      queries.push({ kind, text });
    }
    const times: Record<QueryKind, number[]> = { sentence: [], keywords: [], question: [] };
    const all: number[] = [];
    const embedOnly: number[] = [];
    let withHits = 0;
    for (const [i, query] of queries.entries()) {
      const started = performance.now();
      const outcome = await kb.service.query(query.text, { baseIds: [id] });
      const ms = performance.now() - started;
      if (i < plan.warmup) continue;
      times[query.kind].push(ms);
      all.push(ms);
      if (outcome.hits.length > 0) withHits++;
      // The embedding of the same query alone, so the search's own share is known.
      const embedStarted = performance.now();
      await embedTexts(endpoint, [query.text]);
      embedOnly.push(performance.now() - embedStarted);
    }
    const db = await bytesUnder(join(kb.root, 'knowledge', 'db'));
    const memory = memoryMb();
    const host = await hostMemory({
      dbDir: join(kb.root, 'knowledge', 'db'),
      baseId: id,
      dimension,
      endpoint,
      queries: queries.slice(0, 40).map((q) => q.text),
      scratch: kb.root,
    });
    const note = `${rows} passages: 1 file ingested for real, the rest synthetic rows (random unit vectors of the model's ${dimension} dimensions) written through PassageStore; queries go through the real hybrid search with the query embedded on the real server`;
    return [
      {
        bench: 'knowledge.query_ms',
        value: round(percentile(all, 95), 1),
        unit: 'ms (p95)',
        goal: '<= 50',
        p50_ms: round(median(all), 1),
        max_ms: round(Math.max(...all), 1),
        p95_by_kind_ms: Object.fromEntries(
          Object.entries(times).map(([kind, ms]) => [kind, round(percentile(ms, 95), 1)]),
        ),
        embed_query_p50_ms: round(median(embedOnly), 1),
        embed_query_p95_ms: round(percentile(embedOnly, 95), 1),
        queries: all.length,
        queries_with_hits: withHits,
        passages: rows,
        fill_ms: round(fillMs, 0),
        optimize_ms: round(optimizeMs, 0),
        note,
      },
      {
        bench: 'knowledge.db_bytes',
        value: db.total,
        unit: 'bytes',
        goal: 'informative',
        mb: round(db.total / 1048576, 1),
        mb_by_part: Object.fromEntries(
          Object.entries(db.byPart).map(([part, bytes]) => [part, round(bytes / 1048576, 1)]),
        ),
        bytes_per_passage: round(db.total / rows, 0),
        passages: rows,
        dimension,
        note,
      },
      {
        bench: 'knowledge.host_rss_mb',
        value: host.after.rss,
        unit: 'MB',
        goal: 'informative',
        before_open_mb: host.before.rss,
        heap_used_mb: host.after.heap,
        cold_first_query_ms: host.coldMs,
        warm_query_p50_ms: host.warmP50Ms,
        bench_process_mb: { before_fill: before.rss, after_queries: memory.rss, heap_used: memory.heapUsed },
        passages: rows,
        note: `a fresh Node process (as after a restart) that opens the database and answers ${host.queries} queries through the hybrid search; RSS after a full GC; before_open_mb is that process before opening it (Node and the modules); the embedding server is a separate process`,
      },
    ];
  } finally {
    await kb.dispose();
  }
}
