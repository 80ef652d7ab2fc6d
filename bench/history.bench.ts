// history.*: the history store on 10,000 conversations × 20 messages (plus one
// of 5,000 messages), generated once into `.cache/bench-history/<version>/` by
// writing the files directly (the store's own append path would fsync 200,000
// times). Each measurement uses a new HistoryStore, i.e. a cold start of the
// service; the OS page cache is warm after the first run, as it is on a
// desktop that has just written these files. Nothing here is a pass/fail test.
import { seededRandom } from '@test-support/seeded-random';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { HistoryStore } from '@main/services/history/history-store';
import { previewOf } from '@shared/history/message-text';
import type { ConversationMeta, ConversationSummary, StoredMessage } from '@shared/history/types';
import type { Benchmark, BenchResult } from './types';
import { median, round } from './stats';

const CORPUS_VERSION = 'v1-10000x20-5000';
const CONVERSATIONS = 10_000;
const MESSAGES = 20;
const BIG_MESSAGES = 5_000;
const BIG_ID = 'bench-big';
const NEEDLE = 'zanzibar-quokka-7781';
const NEEDLE_AT = { conversation: 4321, message: 13 };
const APPENDS = 500;

const root = resolve(import.meta.dirname, '..', '.cache', 'bench-history');
const corpus = join(root, CORPUS_VERSION);

const rand = seededRandom(42);
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'to',
  'sha',
  'vel',
  'dor',
  'qui',
  'an',
  'es',
  'or',
  'ul',
  'ty',
  'ne',
  'pra',
];
const WORDS = Array.from({ length: 3000 }, () =>
  Array.from({ length: 1 + Math.floor(rand() * 3) }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''),
);
const COMMON = ['the', 'model', 'server', 'context', 'function', 'value', 'because', 'python', 'error', 'token'];
const CJK = ['模型', '上下文', '服务器', '历史记录', '推理', '工具调用'];

function sentence(words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const r = rand();
    out.push(
      r < 0.3
        ? (COMMON[Math.floor(rand() * COMMON.length)] as string)
        : r < 0.33
          ? (CJK[Math.floor(rand() * CJK.length)] as string)
          : (WORDS[Math.floor(rand() * WORDS.length)] as string),
    );
  }
  const text = out.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** user ~20–40 words (~150 chars), assistant ~60–240 words (~900 chars) */
function message(conversation: string, index: number, parentId: string | null, at: number): StoredMessage {
  const user = index % 2 === 0;
  const words = user ? 20 + Math.floor(rand() * 20) : 60 + Math.floor(rand() * 180);
  let content = sentence(words);
  if (conversation === `c${NEEDLE_AT.conversation}` && index === NEEDLE_AT.message) content += ` ${NEEDLE}`;
  return {
    id: `m${index}`,
    parentId,
    role: user ? 'user' : 'assistant',
    content,
    status: 'complete',
    createdAt: at,
    updatedAt: at,
  };
}

function conversation(id: string, count: number, start: number): { meta: ConversationMeta; messages: StoredMessage[] } {
  const messages: StoredMessage[] = [];
  for (let i = 0; i < count; i++) messages.push(message(id, i, i === 0 ? null : `m${i - 1}`, start + i * 1000));
  const last = messages[messages.length - 1] as StoredMessage;
  const meta: ConversationMeta = {
    id,
    title: sentence(5).slice(0, 60),
    endpoint: { kind: 'local', baseUrl: 'http://127.0.0.1:8080', model: 'bench' },
    systemPrompt: 'You are EVA.',
    sampling: { temperature: 0.7 },
    nCtx: 4096,
    slotId: null,
    createdAt: start,
    updatedAt: last.updatedAt,
    messageCount: count,
    pinned: false,
    activeLeafId: null,
    activeSetAt: 0,
    version: 1,
  };
  return { meta, messages };
}

async function writeConversation(
  dir: string,
  meta: ConversationMeta,
  messages: StoredMessage[],
): Promise<ConversationSummary> {
  await mkdir(join(dir, meta.id), { recursive: true });
  await writeFile(join(dir, meta.id, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  await writeFile(join(dir, meta.id, 'messages.jsonl'), messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
  return {
    id: meta.id,
    title: meta.title,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    pinned: meta.pinned,
    messageCount: meta.messageCount,
    preview: previewOf(messages),
  };
}

/** Generates the corpus once (into a temp folder renamed into place, so a killed run leaves no half corpus). */
async function ensureCorpus(): Promise<{ generatedMs: number | null }> {
  if (existsSync(join(corpus, 'index.json'))) return { generatedMs: null };
  const started = performance.now();
  const building = `${corpus}.building`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  const summaries: ConversationSummary[] = [];
  const base = Date.UTC(2024, 0, 1);
  const BATCH = 200;
  for (let from = 0; from < CONVERSATIONS; from += BATCH) {
    const batch = [];
    for (let i = from; i < Math.min(CONVERSATIONS, from + BATCH); i++) {
      const { meta, messages } = conversation(`c${i}`, MESSAGES, base + i * 3_600_000);
      batch.push(writeConversation(building, meta, messages));
    }
    summaries.push(...(await Promise.all(batch)));
  }
  const big = conversation(BIG_ID, BIG_MESSAGES, base - 86_400_000);
  summaries.push(await writeConversation(building, big.meta, big.messages));
  summaries.sort((a, b) => b.updatedAt - a.updatedAt);
  await writeFile(join(building, 'index.json'), JSON.stringify({ version: 1, entries: summaries }));
  await rm(corpus, { recursive: true, force: true });
  await rename(building, corpus);
  return { generatedMs: performance.now() - started };
}

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
