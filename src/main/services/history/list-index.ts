// `<historyDir>/index.json`: one summary per conversation, so the list opens
// without reading ten thousand folders. Rewriting it on every message would
// cost more than the message, so it is written a moment after changes settle,
// and `index.journal` covers the gap: before a conversation's files change, its
// id is appended (and fsynced) there. A cold start trusts index.json except for
// the journal's ids and folders it does not know, which it re-reads. A crash
// between a conversation's write and the next index write therefore costs one
// re-read, never a stale or missing row.
import { join } from 'node:path';
import { ID_PATTERN } from '@shared/history/schemas';
import type { ConversationSummary, HistoryNotice } from '@shared/history/types';
import { errno } from './history-errno';
import type { HistoryFs } from './history-fs';
import { KeyedQueue } from './keyed-queue';
import { listOrder } from '@shared/history/list-order';

export interface ListIndexDeps {
  fs: HistoryFs;
  historyDir: string;
  /** a conversation's summary read from its files (through its queue); null when it does not exist */
  summarize: (id: string) => Promise<ConversationSummary | null>;
  notify: (notice: HistoryNotice) => void;
  flushDelayMs: number;
}

const INDEX_VERSION = 1;
const READ_CONCURRENCY = 16;

export class ListIndex {
  private readonly summaries = new Map<string, ConversationSummary>();
  private sorted: ConversationSummary[] | null = null;
  private loading: Promise<void> | null = null;
  /** id → index generation in which it was journaled */
  private readonly journaled = new Map<string, number>();
  private readonly inflight = new Map<string, number>();
  private generation = 0;
  private dirty = false;
  private readonly journalQueue = new KeyedQueue();
  private flushChain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private writeFailureReported = false;

  constructor(private readonly deps: ListIndexDeps) {}

  private get indexPath(): string {
    return join(this.deps.historyDir, 'index.json');
  }
  private get journalPath(): string {
    return join(this.deps.historyDir, 'index.journal');
  }

  ensureLoaded(): Promise<void> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  /** Pinned first, then most recently updated first. */
  list(): ConversationSummary[] {
    this.sorted ??= [...this.summaries.values()].sort(listOrder);
    return this.sorted;
  }

  get(id: string): ConversationSummary | undefined {
    return this.summaries.get(id);
  }

  /** Call before changing a conversation's files: its id is journaled durably first. */
  async beginWrite(id: string): Promise<void> {
    this.inflight.set(id, (this.inflight.get(id) ?? 0) + 1);
    try {
      await this.journalQueue.run('journal', async () => {
        if (this.journaled.get(id) === this.generation) return;
        await this.deps.fs.appendDurable(this.journalPath, `${id}\n`);
        this.journaled.set(id, this.generation);
      });
    } catch (error) {
      this.release(id);
      throw error;
    }
  }

  /** Call after the write settled: the new summary, null when the conversation is gone, undefined when unchanged. */
  endWrite(id: string, summary: ConversationSummary | null | undefined): void {
    this.release(id);
    if (summary !== undefined) this.put(id, summary);
  }

  /**
   * Sets a row without journaling: for creations, deletions and restores, which the folder listing at a cold start
   * reveals anyway.
   */
  put(id: string, summary: ConversationSummary | null): void {
    if (summary === null) this.summaries.delete(id);
    else this.summaries.set(id, summary);
    this.changed();
  }

  /** Writes index.json now (then trims the journal); also what the delayed timer runs. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const run = this.flushChain.then(() => this.flushOnce());
    // The chain goes on past a failed write; flushOnce has told the user, and the caller gets it through `run`.
    this.flushChain = run.catch(() => undefined);
    return run;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private release(id: string): void {
    const left = (this.inflight.get(id) ?? 1) - 1;
    if (left > 0) this.inflight.set(id, left);
    else this.inflight.delete(id);
  }

  private changed(): void {
    this.sorted = null;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch(() => undefined); // reported inside; the journal keeps the list correct meanwhile
    }, this.deps.flushDelayMs);
    this.timer.unref?.();
  }

  private async flushOnce(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    // Conversations mid-write may not be in this snapshot yet: their journal lines stay.
    const keep = new Set(this.inflight.keys());
    const snapshot = this.list();
    const generation = ++this.generation;
    try {
      await this.deps.fs.writeAtomic(this.indexPath, JSON.stringify({ version: INDEX_VERSION, entries: snapshot }));
      await this.journalQueue.run('journal', async () => {
        for (const [id, journaledIn] of this.journaled)
          if (journaledIn < generation && !keep.has(id)) this.journaled.delete(id);
        await this.deps.fs.writeAtomic(this.journalPath, [...this.journaled.keys()].map((id) => `${id}\n`).join(''));
      });
      this.writeFailureReported = false;
    } catch (error) {
      this.dirty = true;
      if (!this.writeFailureReported) {
        this.writeFailureReported = true;
        this.deps.notify({
          level: 'warning',
          code: 'history_write_failed',
          message: `The history list index could not be saved (${errno(error)}); conversations are safe and the list will be rebuilt from them.`,
          details: { errno: errno(error), what: 'index' },
        });
      }
      throw error;
    }
  }

  private async load(): Promise<void> {
    const { fs, historyDir } = this.deps;
    const [indexBytes, journalBytes, dirs] = await Promise.all([
      readOptional(fs, this.indexPath),
      readOptional(fs, this.journalPath),
      fs.listDirs(historyDir),
    ]);
    const ids = dirs.filter((name) => ID_PATTERN.test(name));
    const onDisk = new Set(ids);
    const entries = indexBytes === null ? null : parseIndex(indexBytes);
    const refresh = new Set<string>();
    let changed = false;
    if (entries) {
      for (const entry of entries) {
        if (onDisk.has(entry.id)) this.summaries.set(entry.id, entry);
        else changed = true;
      }
      for (const line of (journalBytes?.toString('utf8') ?? '').split('\n')) if (onDisk.has(line)) refresh.add(line);
      for (const id of ids) if (!this.summaries.has(id)) refresh.add(id);
    } else {
      for (const id of ids) refresh.add(id);
    }
    await forEachLimit([...refresh], READ_CONCURRENCY, async (id) => {
      try {
        const summary = await this.deps.summarize(id);
        if (summary) this.summaries.set(id, summary);
        else this.summaries.delete(id);
      } catch (error) {
        // Keep whatever row it had: the conversation is still there, opening it will say why it cannot be read.
        this.deps.notify({
          level: 'error',
          code: 'history_unreadable',
          conversationId: id,
          message: `Conversation ${id} could not be read (${errno(error)}).`,
          details: { errno: errno(error) },
        });
      }
    });
    if (indexBytes !== null && !entries) {
      this.deps.notify({
        level: 'warning',
        code: 'history_index_rebuilt',
        message: `The history list index was damaged and was rebuilt from ${this.summaries.size} conversation(s).`,
        details: { count: this.summaries.size, damaged: true },
      });
    } else if (indexBytes === null && ids.length > 0) {
      this.deps.notify({
        level: 'info',
        code: 'history_index_rebuilt',
        message: `The history list index was missing and was rebuilt from ${this.summaries.size} conversation(s).`,
        details: { count: this.summaries.size, damaged: false },
      });
    }
    this.sorted = null;
    if (changed || refresh.size > 0 || !entries || (journalBytes?.length ?? 0) > 0) {
      this.changed();
    }
  }
}

// Hand-checked rather than schema-parsed: this runs on 10,000 rows at every cold start.
function parseIndex(bytes: Buffer): ConversationSummary[] | null {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  const doc = raw as { version?: unknown; entries?: unknown };
  if (!doc || doc.version !== INDEX_VERSION || !Array.isArray(doc.entries)) return null;
  for (const entry of doc.entries as Array<Record<string, unknown>>) {
    if (
      !entry ||
      typeof entry.id !== 'string' ||
      !ID_PATTERN.test(entry.id) ||
      typeof entry.title !== 'string' ||
      typeof entry.preview !== 'string' ||
      typeof entry.pinned !== 'boolean' ||
      !Number.isFinite(entry.createdAt) ||
      !Number.isFinite(entry.updatedAt) ||
      !Number.isInteger(entry.messageCount)
    ) {
      return null;
    }
  }
  return doc.entries as ConversationSummary[];
}

async function readOptional(fs: HistoryFs, path: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function forEachLimit<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
