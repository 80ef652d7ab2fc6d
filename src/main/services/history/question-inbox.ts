// The user's question is durable from the moment the core receives it, without
// making the first token wait: one synchronous append of one JSON line to this
// run's inbox file before the request goes out (microseconds for a typed
// question; no folder, no meta, no index). The conversation files are written
// later, as before, once the first words arrive; then the line is settled.
// Why no fsync: a completed write() is in the kernel and survives any crash of
// this process (kill -9, the OOM killer); surviving a power cut would need an
// fsync on the hot path, and power loss is out of scope here. The next start
// puts every unsettled question into its conversation (inbox-recovery.ts).
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { ChatRecordSchema, type ChatRecord } from '@shared/chat/schemas';

/** A question the inbox holds until the conversation files have it. */
export interface HeldQuestion {
  at: number;
  record: ChatRecord & { question: NonNullable<ChatRecord['question']> };
}

export interface QuestionInboxOptions {
  now?: () => number;
  /** one synchronous append (tests pass one that fails part-way) */
  appendFile?: (file: string, data: string) => void;
}

const appendPrivate = (file: string, data: string): void => appendFileSync(file, data, { mode: 0o600 });

export class QuestionInbox {
  /** held in this run and not yet settled */
  private readonly open = new Set<string>();
  /** an append failed part-way: the file may end in a fragment, so the next line starts on a line of its own */
  private torn = false;

  private readonly now: () => number;
  private readonly appendFile: (file: string, data: string) => void;

  constructor(
    readonly file: string,
    options: QuestionInboxOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.appendFile = options.appendFile ?? appendPrivate;
  }

  /** Appends the record's question, synchronously; returns its id, or null when there is none or the disk refused. */
  hold(record: ChatRecord): string | null {
    if (!record.question) return null;
    if (!this.append({ hold: { at: this.now(), record } })) return null;
    this.open.add(record.question.id);
    return record.question.id;
  }

  /** The question is in its conversation: forget it (the file goes once nothing is open). */
  settle(questionId: string): void {
    if (!this.open.delete(questionId)) return;
    if (this.open.size > 0) {
      this.append({ done: questionId });
      return;
    }
    try {
      rmSync(this.file, { force: true });
      this.torn = false;
    } catch {
      // Left for the next start, which finds every question already saved and skips it.
    }
  }

  private append(entry: object): boolean {
    const line = `${this.torn ? '\n' : ''}${JSON.stringify(entry)}\n`;
    try {
      try {
        this.appendFile(this.file, line);
      } catch (error) {
        // The core makes the history folder at start; only one removed since costs this second try.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        mkdirSync(dirname(this.file), { recursive: true });
        this.appendFile(this.file, line);
      }
    } catch {
      // A full or read-only disk: the normal save reports the problem; the chat goes on.
      this.torn = true;
      return false;
    }
    this.torn = false;
    return true;
  }
}

/**
 * The unsettled questions in an inbox file; a torn line (killed mid-write) and foreign lines are skipped, the rest
 * kept.
 */
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
    let entry: { hold?: { at?: unknown; record?: unknown }; done?: unknown } | null;
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (typeof entry !== 'object' || entry === null) continue;
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
