// Conversations in memory over their files: a small LRU of loaded
// conversations, a queue per conversation so its writes never interleave, and
// the one rule every write follows — journal the id for the list index, write
// durably, and only then change the in-memory state, so a failed write leaves
// memory and disk agreeing on what was saved.
import { historyFailure } from '@shared/history/errors';
import { previewOf } from '@shared/history/message-text';
import { serializeCheckpoints } from '@shared/history/checkpoint-schema';
import type {
  ConversationMeta,
  ConversationSummary,
  HistoryNotice,
  StoredMessage,
  SummaryCheckpoint,
} from '@shared/history/types';
import { loadConversation, readMessages, type ConversationState } from './conversation-files';
import { conversationPaths, serializeMeta } from './conversation-layout';
import { errno } from './history-errno';
import type { HistoryFs } from './history-fs';
import { KeyedQueue } from './keyed-queue';
import type { ListIndex } from './list-index';
import { withDerived } from './meta-file';

export interface RepoDeps {
  fs: HistoryFs;
  historyDir: string;
  now: () => number;
  notify: (notice: HistoryNotice) => void;
  index: ListIndex;
  /** `<conversationId>/<messageId>` of answers being streamed by this process */
  liveStreams: ReadonlySet<string>;
  cacheSize: number;
  /** after messages were written durably */
  onCommitted: (conversationId: string, messages: readonly StoredMessage[]) => void;
}

export class ConversationRepo {
  readonly queue = new KeyedQueue();
  private readonly cache = new Map<string, ConversationState>();

  constructor(private readonly deps: RepoDeps) {}

  /**
   * Runs `task` in the conversation's queue with it loaded. `notices` holds what
   * recovery found if this call loaded it from disk (they are also sent to notify).
   */
  with<T>(
    id: string,
    task: (state: ConversationState, notices: HistoryNotice[]) => Promise<T> | T,
    tidy = false,
  ): Promise<T> {
    return this.queue.run(id, async () => {
      const { state, notices } = await this.load(id, tidy);
      return task(state, notices);
    });
  }

  /** Like `with`, but null instead of a not-found failure. */
  withOptional<T>(id: string, task: (state: ConversationState) => T): Promise<T | null> {
    return this.queue.run(id, async () => {
      const loaded = await this.tryLoad(id, false);
      return loaded ? task(loaded.state) : null;
    });
  }

  /**
   * Every message of a conversation (null when it does not exist), from memory or read-only from disk, in its queue.
   */
  readMessages(id: string): Promise<StoredMessage[] | null> {
    return this.queue.run(id, async () => {
      const cached = this.cache.get(id);
      if (cached) return [...cached.messages.values()];
      return readMessages(this.deps.historyDir, id, { fs: this.deps.fs, liveStreams: this.deps.liveStreams });
    });
  }

  forget(id: string): void {
    this.cache.delete(id);
  }

  remember(state: ConversationState): void {
    this.cache.delete(state.meta.id);
    this.cache.set(state.meta.id, state);
    while (this.cache.size > this.deps.cacheSize) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
  }

  /** Appends message versions (one line each) and applies them once they are on disk. Call inside `with`. */
  async commitMessages(state: ConversationState, messages: readonly StoredMessage[]): Promise<void> {
    this.assertWritable(state);
    const id = state.meta.id;
    const text = (state.tailDirty ? '\n' : '') + messages.map((m) => `${JSON.stringify(m)}\n`).join('');
    await this.write(
      id,
      () => this.deps.fs.appendDurable(conversationPaths(this.deps.historyDir, id).log, text),
      () => {
        // The append may have left part of a line behind: start the next one on a fresh line.
        state.tailDirty = true;
      },
    );
    state.tailDirty = false;
    let updatedAt = state.meta.updatedAt;
    for (const message of messages) {
      state.messages.set(message.id, message);
      if (message.updatedAt > updatedAt) updatedAt = message.updatedAt;
    }
    state.meta = { ...state.meta, updatedAt, messageCount: state.messages.size };
    this.deps.index.endWrite(id, summaryOf(state));
    this.deps.onCommitted(id, messages);
  }

  /** Replaces meta.json atomically, then applies it. Call inside `with`. */
  async commitMeta(state: ConversationState, meta: ConversationMeta): Promise<void> {
    this.assertWritable(state);
    const next = withDerived(meta, state.messages);
    await this.write(state.meta.id, () =>
      this.deps.fs.writeAtomic(conversationPaths(this.deps.historyDir, state.meta.id).meta, serializeMeta(next)),
    );
    state.meta = next;
    this.deps.index.endWrite(state.meta.id, summaryOf(state));
  }

  /** Replaces checkpoints.json atomically, then applies it. Call inside `with`. */
  async commitCheckpoints(state: ConversationState, checkpoints: readonly SummaryCheckpoint[]): Promise<void> {
    this.assertWritable(state);
    const path = conversationPaths(this.deps.historyDir, state.meta.id).checkpoints;
    await this.write(state.meta.id, () => this.deps.fs.writeAtomic(path, serializeCheckpoints(checkpoints)));
    state.checkpoints = checkpoints;
    this.deps.index.endWrite(state.meta.id, summaryOf(state));
  }

  /** Writes a brand-new conversation's folder (meta, and messages when imported). Call inside the queue. */
  async createOnDisk(meta: ConversationMeta, messages: readonly StoredMessage[]): Promise<ConversationState> {
    const paths = conversationPaths(this.deps.historyDir, meta.id);
    const state: ConversationState = {
      meta,
      messages: new Map(messages.map((m) => [m.id, m])),
      readOnly: false,
      tailDirty: false,
      checkpoints: [],
    };
    state.meta = withDerived(meta, state.messages);
    try {
      await this.deps.fs.mkdir(paths.dir);
      if (messages.length > 0)
        await this.deps.fs.writeAtomic(paths.log, messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
      await this.deps.fs.writeAtomic(paths.meta, serializeMeta(state.meta));
    } catch (error) {
      // A folder without meta.json and messages is ignored by the list; removing it is tidiness, not safety.
      await this.deps.fs.remove(paths.dir).catch(() => undefined);
      throw writeFailure(meta.id, error);
    }
    this.remember(state);
    this.deps.index.put(meta.id, summaryOf(state));
    return state;
  }

  private assertWritable(state: ConversationState): void {
    if (state.readOnly) {
      throw historyFailure(
        'history_read_only',
        `“${state.meta.title || state.meta.id}” was saved by a newer version of EVA and cannot be changed by this one.`,
        { conversationId: state.meta.id },
      );
    }
  }

  private async write(id: string, op: () => Promise<void>, onFailure?: () => void): Promise<void> {
    try {
      await this.deps.index.beginWrite(id);
    } catch (error) {
      throw writeFailure(id, error);
    }
    try {
      await op();
    } catch (error) {
      onFailure?.();
      this.deps.index.endWrite(id, undefined);
      throw writeFailure(id, error);
    }
  }

  private async load(id: string, tidy: boolean): Promise<{ state: ConversationState; notices: HistoryNotice[] }> {
    const loaded = await this.tryLoad(id, tidy);
    if (!loaded)
      throw historyFailure('history_not_found', `Conversation ${id} does not exist.`, { conversationId: id });
    return loaded;
  }

  private async tryLoad(
    id: string,
    tidy: boolean,
  ): Promise<{ state: ConversationState; notices: HistoryNotice[] } | null> {
    const cached = this.cache.get(id);
    if (cached) {
      this.remember(cached);
      return { state: cached, notices: [] };
    }
    const loaded = await loadConversation(this.deps.historyDir, id, {
      fs: this.deps.fs,
      now: this.deps.now,
      liveStreams: this.deps.liveStreams,
      tidy,
    });
    if (!loaded) return null;
    for (const notice of loaded.notices) this.deps.notify(notice);
    // A repair may have changed what the list shows (a rebuilt title, a count without damaged lines).
    if (loaded.notices.length > 0) this.deps.index.put(id, summaryOf(loaded.state));
    this.remember(loaded.state);
    return loaded;
  }
}

export function summaryOf(state: ConversationState): ConversationSummary {
  const { meta } = state;
  return {
    id: meta.id,
    title: meta.title,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    pinned: meta.pinned,
    messageCount: meta.messageCount,
    preview: previewOf(state.messages.values()),
  };
}

export function writeFailure(conversationId: string, error: unknown): Error {
  const code = errno(error);
  const why =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'the disk is full'
      : code === 'EROFS'
        ? 'the disk is read-only'
        : code === 'EACCES' || code === 'EPERM'
          ? 'EVA may not write to the history folder'
          : `the write failed`;
  return historyFailure(
    'history_write_failed',
    `The conversation could not be saved: ${why} (${code}). Everything saved before is intact.`,
    { conversationId, errno: code },
  );
}
