// The user's question is durable from the moment the core receives it, without
// making the first token wait: one synchronous append of one JSON line to
// `history/inbox.jsonl` before the request goes out (microseconds; no folder,
// no meta, no index). The conversation files are written later, as before,
// once the first words arrive; then the line is settled. A completed write()
// survives any crash of this process (kill -9, the OOM killer); surviving a
// power cut would need an fsync on the hot path, which is what we avoid. The
// next start puts every unsettled question into its conversation.
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { ChatRecordSchema, type ChatRecord } from '../../../shared/chat/schemas';

/** A question the inbox holds until the conversation files have it. */
export interface HeldQuestion {
  at: number;
  record: ChatRecord & { question: NonNullable<ChatRecord['question']> };
}

export class QuestionInbox {
  /** held in this run and not yet settled */
  private readonly open = new Set<string>();
  private dirReady = false;

  constructor(readonly file: string) {}

  /** Appends the record's question, synchronously; returns its id, or null when there is none or the disk refused. */
  hold(record: ChatRecord): string | null {
    if (!record.question) return null;
    try {
      if (!this.dirReady) mkdirSync(dirname(this.file), { recursive: true });
      this.dirReady = true;
      appendFileSync(this.file, `${JSON.stringify({ hold: { at: Date.now(), record } })}\n`, { mode: 0o600 });
    } catch {
      // A full or read-only disk: the normal save reports the problem; the chat goes on.
      return null;
    }
    this.open.add(record.question.id);
    return record.question.id;
  }

  /** The question is in its conversation: forget it (the file goes once nothing is open). */
  settle(questionId: string): void {
    if (!this.open.delete(questionId)) return;
    try {
      if (this.open.size === 0) rmSync(this.file, { force: true });
      else appendFileSync(this.file, `${JSON.stringify({ done: questionId })}\n`);
    } catch {
      // Left for the next start, which finds the question already saved and skips it.
    }
  }
}

/** The unsettled questions in an inbox file; a torn last line (killed mid-write) and foreign lines are skipped. */
export function readHeldQuestions(file: string): HeldQuestion[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const held = new Map<string, HeldQuestion>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let entry: { hold?: { at?: unknown; record?: unknown }; done?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (typeof entry.done === 'string') {
      held.delete(entry.done);
      continue;
    }
    const record = ChatRecordSchema.safeParse(entry.hold?.record);
    if (!record.success || !record.data.question) continue;
    const at = typeof entry.hold?.at === 'number' ? entry.hold.at : 0;
    held.set(record.data.question.id, { at, record: { ...record.data, question: record.data.question } });
  }
  return [...held.values()];
}
