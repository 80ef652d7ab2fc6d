// At start: every question the inbox still holds goes into its conversation
// (created with the same id when the crash came before it existed), so a
// reload finds it where the user left it. An answer that never began is simply
// absent; the user sees the question and can send it again.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { storedContent } from './chat-recorder';
import type { HistoryStore } from './history-store';
import { readHeldQuestions } from './question-inbox';

/** Each run holds its questions in an inbox file of its own; every other one was left by a run that died. */
export function inboxFileName(runId: string): string {
  return `inbox-${runId}.jsonl`;
}

/** Puts back the questions of every earlier run's inbox; returns the ids of the conversations that got one. */
export async function recoverHeldQuestions(store: HistoryStore, historyDir: string, ownFile: string): Promise<string[]> {
  let files: string[];
  try {
    files = readdirSync(historyDir).filter((name) => /^inbox-.+\.jsonl$/.test(name) && name !== ownFile);
  } catch {
    return [];
  }
  const restored: string[] = [];
  for (const name of files) {
    restored.push(...(await recoverInbox(store, join(historyDir, name))));
  }
  return restored;
}

async function recoverInbox(store: HistoryStore, inboxFile: string): Promise<string[]> {
  const held = readHeldQuestions(inboxFile);
  const restored: string[] = [];
  for (const { record } of held) {
    try {
      const opened = await store.open(record.conversationId).catch(() => null);
      if (!opened) await store.create(record.create ?? {}, record.conversationId);
      if (opened?.messages.some((message) => message.id === record.question.id)) continue;
      const known = record.parentId !== null && opened?.messages.some((message) => message.id === record.parentId);
      // A parent lost in the same crash (a regenerated answer, say): the question starts a branch of its own.
      await store.appendMessage(record.conversationId, { id: record.question.id, parentId: known ? record.parentId : null, role: 'user', content: storedContent(record.question.content) });
      restored.push(record.conversationId);
    } catch {
      // A conversation deleted since, or a disk that still fails: nothing better to do than move on.
    }
  }
  rmSync(inboxFile, { force: true });
  return restored;
}
