// At start: every question the inbox still holds goes into its conversation
// (created with the same id when the crash came before it existed), so a
// reload finds it where the user left it. An answer that never began is simply
// absent; the user sees the question and can send it again. A question that
// cannot be put back (its conversation cannot be read, the disk fails) is said
// in a notice and stays in its inbox for the next start: recovery never drops one.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { errorText } from '@shared/errors';
import { historyCodeOf } from '@shared/history/errors';
import type { HistoryNotice } from '@shared/history/types';
import { isMissing } from '../fs/if-exists';
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
  report: (notice: HistoryNotice) => void,
): Promise<string[]> {
  let files: string[];
  try {
    files = readdirSync(historyDir).filter((name) => /^inbox-.+\.jsonl$/.test(name) && name !== ownFile);
  } catch (error) {
    // A history folder not made yet holds no inbox; one that cannot be listed keeps its inboxes for the next start.
    if (!isMissing(error)) report(notRecovered(null, error));
    return [];
  }
  const restored: string[] = [];
  for (const name of files) {
    const file = join(historyDir, name);
    let failed = 0;
    for (const held of readHeldQuestions(file)) {
      try {
        if (await restore(store, held)) restored.push(held.record.conversationId);
      } catch (error) {
        failed++;
        report(notRecovered(held.record.conversationId, error));
      }
    }
    // A question that could not be put back (a disk that still fails) is tried again at the next start.
    if (failed === 0) removeQuietly(file);
  }
  return restored;
}

/** True when the question was missing and is now in its conversation. */
async function restore(store: HistoryStore, { record }: HeldQuestion): Promise<boolean> {
  // Only a conversation that does not exist is made anew; one that cannot be read throws, and its question waits.
  const opened = await store.open(record.conversationId).catch((error: unknown) => {
    if (historyCodeOf(error) === 'history_not_found') return null;
    throw error;
  });
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

/** The notice for a question left in its inbox: an unreadable conversation, or a write that failed. */
function notRecovered(conversationId: string | null, error: unknown): HistoryNotice {
  const details = (error as { details?: Record<string, unknown> }).details ?? {};
  const errno = typeof details.errno === 'string' ? details.errno : undefined;
  const where = conversationId ? `into conversation ${conversationId}` : 'from the history folder';
  return {
    level: 'error',
    code: historyCodeOf(error) === 'history_write_failed' ? 'history_write_failed' : 'history_unreadable',
    message: `A question from when EVA last stopped could not be put back ${where} (${errorText(error)}); it is kept and tried again at the next start.`,
    ...(conversationId ? { conversationId } : {}),
    details: { ...(errno ? { errno } : {}), ...(conversationId ? { conversationId } : {}) },
  };
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Every question in it is saved: the next start reads it again and finds nothing to do.
  }
}
