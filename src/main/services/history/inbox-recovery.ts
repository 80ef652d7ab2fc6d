// At start: every question the inbox still holds goes into its conversation
// (created with the same id when the crash came before it existed), so a
// reload finds it where the user left it. An answer that never began is simply
// absent; the user sees the question and can send it again.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { storedContent } from './chat-recorder';
import type { HistoryStore } from './history-store';
import { readHeldQuestions, type HeldQuestion } from './question-inbox';

/** Each run holds its questions in an inbox file of its own; every other one was left by a run that died. */
export function inboxFileName(runId: string): string {
  return `inbox-${runId}.jsonl`;
}

/** Puts back the questions of every earlier run's inbox; returns the ids of the conversations that got one. */
export async function recoverHeldQuestions(
  store: HistoryStore,
  historyDir: string,
  ownFile: string,
): Promise<string[]> {
  let files: string[];
  try {
    files = readdirSync(historyDir).filter((name) => /^inbox-.+\.jsonl$/.test(name) && name !== ownFile);
  } catch {
    return [];
  }
  const restored: string[] = [];
  for (const name of files) {
    const file = join(historyDir, name);
    let failed = 0;
    for (const held of readHeldQuestions(file)) {
      try {
        if (await restore(store, held)) restored.push(held.record.conversationId);
      } catch {
        failed++;
      }
    }
    // A question that could not be put back (a disk that still fails) is tried again at the next start.
    if (failed === 0) removeQuietly(file);
  }
  return restored;
}

/** True when the question was missing and is now in its conversation. */
async function restore(store: HistoryStore, { record }: HeldQuestion): Promise<boolean> {
  const opened = await store.open(record.conversationId).catch(() => null);
  if (!opened) await store.create(record.create ?? {}, record.conversationId);
  if (opened?.messages.some((message) => message.id === record.question.id)) return false;
  const known = record.parentId !== null && opened?.messages.some((message) => message.id === record.parentId);
  // A parent lost in the same crash (a regenerated answer, say): the question starts a branch of its own.
  await store.appendMessage(record.conversationId, {
    id: record.question.id,
    parentId: known ? record.parentId : null,
    role: 'user',
    content: storedContent(record.question.content),
  });
  return true;
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Every question in it is saved: the next start reads it again and finds nothing to do.
  }
}
