// history.*: the history store on the shared corpus (bench/history-corpus.ts:
// 10,000 conversations × 20 messages plus one of 5,000 messages). Each
// measurement uses a new HistoryStore, i.e. a cold start of the service; the OS
// page cache is warm after the first run, as it is on a desktop that has just
// written these files. Nothing here is a pass/fail test.
import { HistoryStore } from '@main/services/history/history-store';
import type { Benchmark, BenchResult } from './types';
import {
  BIG_ID,
  BIG_MESSAGES,
  CONVERSATIONS,
  corpus,
  ensureCorpus,
  MESSAGES,
  message,
  NEEDLE,
  NEEDLE_AT,
} from './history-corpus';
import { median, round } from './stats';

const APPENDS = 500;

const newStore = () => new HistoryStore({ historyDir: corpus, trashGraceMs: 0 });

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function benchList(): Promise<BenchResult> {
  const runs: number[] = [];
  let count = 0;
  for (let i = 0; i < 7; i++) {
    const store = newStore();
    const { ms, value } = await timed(() => store.list());
    runs.push(ms);
    count = value.length;
    await store.close();
  }
  return {
    bench: 'history.list_ms',
    value: round(median(runs.slice(1)), 1),
    unit: 'ms',
    goal: '<= 100',
    conversations: count,
    first_run_ms: round(runs[0] ?? NaN, 1),
    runs: runs.length - 1,
  };
}

async function benchSearch(): Promise<BenchResult> {
  const store = newStore();
  const cold = await timed(() => store.search(NEEDLE));
  if (cold.value.hits[0]?.conversationId !== `c${NEEDLE_AT.conversation}`) throw new Error('needle not found');
  const queries = [
    NEEDLE,
    'quokka',
    'the model',
    '历史记录',
    'kalomi',
    'server context value',
    'no such phrase anywhere',
    'e',
  ];
  const warm: number[] = [];
  const perQuery: Record<string, number> = {};
  for (let round_ = 0; round_ < 5; round_++) {
    for (const query of queries) {
      const { ms } = await timed(() => store.search(query));
      warm.push(ms);
      perQuery[query] = Math.max(perQuery[query] ?? 0, ms);
    }
  }
  await store.close();
  return {
    bench: 'history.search_ms',
    value: round(median(warm), 2),
    unit: 'ms',
    goal: '<= 50',
    measure:
      'warm: median over 8 queries × 5 (index already built); cold includes list + reading every conversation to build it',
    warm_p95_ms: round(percentile(warm, 95), 2),
    warm_max_by_query_ms: Object.fromEntries(Object.entries(perQuery).map(([q, ms]) => [q, round(ms, 2)])),
    cold_first_search_ms: round(cold.ms, 0),
    messages: CONVERSATIONS * MESSAGES + BIG_MESSAGES,
  };
}

async function benchOpen(): Promise<BenchResult> {
  const runs: number[] = [];
  for (let i = 0; i < 6; i++) {
    const store = newStore();
    await store.list();
    const { ms, value } = await timed(() => store.open(BIG_ID));
    if (value.messages.length !== BIG_MESSAGES) throw new Error(`opened ${value.messages.length} messages`);
    runs.push(ms);
    await store.close();
  }
  return {
    bench: 'history.open_ms',
    value: round(median(runs.slice(1)), 1),
    unit: 'ms',
    goal: '<= 150',
    messages: BIG_MESSAGES,
    first_run_ms: round(runs[0] ?? NaN, 1),
    runs: runs.length - 1,
  };
}

async function benchAppend(): Promise<BenchResult> {
  const store = newStore();
  const meta = await store.create({ title: 'append bench' });
  const latencies: number[] = [];
  let parentId: string | null = null;
  for (let i = 0; i < APPENDS; i++) {
    const m = message(meta.id, i, parentId, Date.now());
    const { ms, value } = await timed(() =>
      store.appendMessage(meta.id, { parentId, role: m.role, content: m.content }),
    );
    latencies.push(ms);
    parentId = value.id;
  }
  // Leave the corpus as it was: trash the conversation, purged by the next store's start.
  await store.delete([meta.id]);
  await store.close();
  await newStore().list();
  return {
    bench: 'history.append_p99_ms',
    value: round(percentile(latencies, 99), 2),
    unit: 'ms',
    goal: 'informative (fsync per message)',
    p50_ms: round(median(latencies), 2),
    max_ms: round(Math.max(...latencies), 2),
    appends: APPENDS,
    in_history_of: CONVERSATIONS + 1,
  };
}

export const historyBenchmarks: Benchmark[] = [
  {
    names: ['history.list_ms', 'history.search_ms', 'history.open_ms', 'history.append_p99_ms'],
    async run() {
      const { generatedMs } = await ensureCorpus();
      const results = [await benchList(), await benchSearch(), await benchOpen(), await benchAppend()];
      if (generatedMs !== null) (results[0] as BenchResult).corpus_generated_ms = round(generatedMs, 0);
      return results;
    },
  },
];
