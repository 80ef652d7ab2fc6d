// Delete with undo: conversations move into a trash batch (one per delete or
// clear-all), vanish from the list and the search at once, and come back
// whole on undo until the batch is purged. A delete that fails half-way moves
// back what it had moved, so an error never leaves conversations in a trash
// the user holds no undo token for.
import { join } from 'node:path';
import type { TrashReceipt } from '@shared/history/types';
import { summaryOf, writeFailure, type ConversationRepo } from './conversation-repo';
import type { HistoryFs } from './history-fs';
import type { HistorySearch } from './history-search';
import type { ListIndex } from './list-index';
import type { StreamSessions } from './stream-sessions';
import type { Trash } from './trash';

export interface RemovalDeps {
  fs: HistoryFs;
  historyDir: string;
  now: () => number;
  trash: Trash;
  repo: ConversationRepo;
  index: ListIndex;
  searcher: HistorySearch;
  streams: StreamSessions;
}

export class ConversationRemoval {
  private readonly purgeTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: RemovalDeps) {}

  async delete(ids: readonly string[]): Promise<TrashReceipt> {
    const { trash, repo } = this.deps;
    let batch: { token: string; purgeAt: number };
    try {
      batch = await trash.openBatch(this.deps.now());
    } catch (error) {
      throw writeFailure('', error);
    }
    const moved: string[] = [];
    try {
      for (const id of ids) {
        // Outside the queue: stopping a stream waits for its save, which waits in that queue.
        await this.deps.streams.discard(id);
        await repo.queue.run(id, async () => {
          try {
            await trash.moveIn(batch.token, id);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // already gone
            throw writeFailure(id, error);
          }
          repo.forget(id);
          this.deps.searcher.removeConversation(id);
          this.deps.index.put(id, null);
          moved.push(id);
        });
      }
    } catch (error) {
      // The delete's own failure is what the caller gets (thrown below). The batch is removed only once all that moved
      // is back: a conversation whose move back failed too stays in it, never deleted with it.
      const putBack = await this.restore(batch.token, moved).then(
        () => true,
        () => false,
      );
      // Best effort: an empty batch left behind is purged with the others when its grace period ends.
      if (putBack) await trash.removeBatch(batch.token).catch(() => undefined);
      throw error;
    }
    await this.syncFolders(batch.token);
    this.schedulePurge(batch.purgeAt);
    return { token: batch.token, conversationIds: moved, purgeAt: batch.purgeAt };
  }

  /** The ids brought back ([] for an unknown or purged token). */
  async undo(token: string): Promise<string[]> {
    const restored = await this.restore(token, await this.deps.trash.contents(token));
    await this.syncFolders(token);
    // Best effort: the conversations are back; an empty batch left behind is purged when its grace period ends.
    await this.deps.trash.removeBatch(token).catch(() => undefined);
    return restored;
  }

  dispose(): void {
    for (const timer of this.purgeTimers) clearTimeout(timer);
    this.purgeTimers.clear();
  }

  private async restore(token: string, ids: readonly string[]): Promise<string[]> {
    const { repo } = this.deps;
    const restored: string[] = [];
    for (const id of ids) {
      await repo.queue.run(id, async () => {
        try {
          await this.deps.trash.moveOut(token, id);
        } catch (error) {
          throw writeFailure(id, error);
        }
        restored.push(id);
      });
      const messages = await repo.withOptional(id, (state) => {
        this.deps.index.put(id, summaryOf(state));
        return [...state.messages.values()];
      });
      if (messages) this.deps.searcher.indexMessages(id, messages);
    }
    return restored;
  }

  private async syncFolders(token: string): Promise<void> {
    try {
      await this.deps.fs.syncDir(this.deps.historyDir);
      await this.deps.fs.syncDir(join(this.deps.historyDir, '.trash', token));
    } catch {
      // The renames happened; only their survival of a power cut in the next seconds is in doubt.
    }
  }

  private schedulePurge(at: number): void {
    const timer = setTimeout(
      () => {
        this.purgeTimers.delete(timer);
        // A purge that fails leaves the batch in the trash; the next start's purge removes it.
        void this.deps.trash.purge(this.deps.now()).catch(() => undefined);
      },
      Math.max(0, at - this.deps.now()) + 50,
    );
    timer.unref();
    this.purgeTimers.add(timer);
  }
}
