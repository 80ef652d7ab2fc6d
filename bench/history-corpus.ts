// The history corpus the benchmarks share: 10,000 conversations × 20 messages
// (plus one of 5,000 messages), generated once into `.cache/bench-history/<version>/`
// by writing the files directly (the store's own append path would fsync 200,000
// times), in the layout a history dir has.
import { seededRandom } from '@test-support/seeded-random';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { previewOf } from '@shared/history/message-text';
import type { ConversationMeta, ConversationSummary, StoredMessage } from '@shared/history/types';
import { SYLLABLES as KNOWLEDGE_SYLLABLES } from './knowledge-corpus';

const CORPUS_VERSION = 'v1-10000x20-5000';
export const CONVERSATIONS = 10_000;
export const MESSAGES = 20;
export const BIG_MESSAGES = 5_000;
export const BIG_ID = 'bench-big';
export const NEEDLE = 'zanzibar-quokka-7781';
export const NEEDLE_AT = { conversation: 4321, message: 13 };

const root = resolve(import.meta.dirname, '..', '.cache', 'bench-history');
export const corpus = join(root, CORPUS_VERSION);

const rand = seededRandom(42);
// The same words as ever (the corpus is cached by version): the first 16 syllables.
const SYLLABLES = KNOWLEDGE_SYLLABLES.slice(0, 16);
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
export function message(conversation: string, index: number, parentId: string | null, at: number): StoredMessage {
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
export async function ensureCorpus(): Promise<{ generatedMs: number | null }> {
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
