// The history store: every conversation kept under `<historyDir>/<id>/`,
// listed from a small index, searchable, branchable, exportable, and repaired
// rather than lost when a crash or a bad disk damages it. One process writes a
// history folder at a time: two windows share one core, and two cores (the app
// and a browser host on the same data dir) writing at once is not supported.
// This class is the front door: it checks ids and starts the store lazily; the
// work is done by the parts it wires together (repo, list index, stream sessions,
// search, removal, transfer).
import { randomBytes } from 'node:crypto';
import { historyFailure } from '@shared/history/errors';
import { contentText, defaultTitle } from '@shared/history/message-text';
import { IdSchema } from '@shared/history/schemas';
import { buildTree, newestLeafUnder, pathTo, resolveActiveLeaf } from '@shared/history/tree';
import type {
  ConversationMeta,
  ConversationSummary,
  HistoryNotice,
  MessagePatch,
  MetaPatch,
  NewConversation,
  NewMessage,
  OpenedConversation,
  SearchResult,
  StoredMessage,
  TrashReceipt,
} from '@shared/history/types';
import { buildMessage, patchMessage } from './build-message';
import type { ConversationState } from './conversation-files';
import type { ConversationRemoval } from './conversation-removal';
import type { ConversationRepo } from './conversation-repo';
import { nodeHistoryFs, type HistoryFs } from './history-fs';
import type { HistoryCheckpoints } from './history-checkpoints';
import { wireHistoryParts, type HistoryStoreOptions } from './history-parts';
import type { HistorySearch } from './history-search';
import type { HistoryTransfer } from './history-transfer';
import type { ListIndex } from './list-index';
import { newConversationMeta } from './meta-file';
import { openedConversation } from './opened-conversation';
import type { StreamSessions } from './stream-sessions';
import type { Trash } from './trash';
export type { HistoryStoreOptions } from './history-parts';

export type ExportSelection = readonly string[] | 'all';

export class HistoryStore {
  private readonly fs: HistoryFs;
  private readonly now: () => number;
  private readonly notify: (notice: HistoryNotice) => void;
  private readonly newId: () => string;
  private readonly index: ListIndex;
  private readonly repo: ConversationRepo;
  private readonly streams: StreamSessions;
  private readonly searcher: HistorySearch;
  private readonly trash: Trash;
  private readonly removal: ConversationRemoval;
  private readonly transfer: HistoryTransfer;
  /** the summaries standing in for older messages (history-checkpoints.ts) */
  readonly checkpoints: HistoryCheckpoints;
  private startup: Promise<void> | null = null;

  constructor(private readonly options: HistoryStoreOptions) {
    this.fs = options.fs ?? nodeHistoryFs;
    this.now = options.now ?? Date.now;
    this.notify = options.notify ?? (() => undefined);
    this.newId = options.newId ?? (() => `${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`);
    ({
      index: this.index,
      repo: this.repo,
      streams: this.streams,
      searcher: this.searcher,
      trash: this.trash,
      removal: this.removal,
      transfer: this.transfer,
      checkpoints: this.checkpoints,
    } = wireHistoryParts({
      options,
      fs: this.fs,
      now: this.now,
      notify: this.notify,
      newId: () => this.checkedId(this.newId()),
      list: () => this.list(),
      start: () => this.start(),
    }));
  }

  /** Every conversation, pinned first then newest first (date grouping is the UI's). */
  async list(): Promise<ConversationSummary[]> {
    await this.start();
    return [...this.index.list()];
  }

  /** A new, empty conversation; `id` lets a caller that names it first (the chat, saving as it sends) choose it. */
  async create(init: NewConversation = {}, id: string = this.newId()): Promise<ConversationMeta> {
    await this.start();
    this.checkedId(id);
    if (this.index.get(id)) throw historyFailure('history_bad_request', `Conversation ${id} already exists.`);
    const meta = newConversationMeta(init, id, this.now());
    return this.repo.queue.run(id, async () => (await this.repo.createOnDisk(meta, [])).meta);
  }

  /**
   * Meta, every message of every branch (live streams at their newest), and the active branch; repairs damage it finds.
   */
  async open(id: string): Promise<OpenedConversation> {
    await this.start();
    return this.repo.with(
      this.checkedId(id),
      (state, notices) => openedConversation(state, this.streams.liveIn(id), notices),
      true,
    );
  }

  /** Adds a finished message (a question, a tool result, an edit: see tree.ts's editedMessage). */
  async appendMessage(conversationId: string, input: NewMessage): Promise<StoredMessage> {
    await this.start();
    const id = this.checkedId(input.id ?? this.newId());
    return this.repo.with(this.checkedId(conversationId), async (state) => {
      if (input.parentId !== null && !state.messages.has(input.parentId))
        throw historyFailure('history_bad_request', `Parent message ${input.parentId} does not exist.`);
      if (state.messages.has(id))
        throw historyFailure('history_bad_request', `Message ${id} already exists; use updateMessage.`);
      const message = buildMessage(input, id, this.now(), 'complete');
      await this.repo.commitMessages(state, [message]);
      if (!state.meta.title && message.role === 'user') await this.defaultTitle(state, message);
      return message;
    });
  }

  async updateMessage(conversationId: string, messageId: string, patch: MessagePatch): Promise<StoredMessage> {
    await this.start();
    return this.repo.with(this.checkedId(conversationId), async (state) => {
      const existing = state.messages.get(messageId);
      if (!existing) throw historyFailure('history_bad_request', `Message ${messageId} does not exist.`);
      if (this.streams.liveIn(conversationId).some((m) => m.id === messageId))
        throw historyFailure('history_bad_request', `Message ${messageId} is streaming; use updateStream/endStream.`);
      const message = patchMessage(existing, patch, this.now());
      await this.repo.commitMessages(state, [message]);
      return message;
    });
  }

  /** Starts a streamed answer: saved at once as `partial`. */
  async beginStream(conversationId: string, input: NewMessage): Promise<StoredMessage> {
    await this.start();
    return this.streams.begin(this.checkedId(conversationId), input, this.checkedId(input.id ?? this.newId()));
  }

  /**
   * Continues a saved answer in place (Continue): saved at once as `partial` again; updateStream/endStream as for a new
   * one.
   */
  async resumeStream(conversationId: string, messageId: string): Promise<StoredMessage> {
    await this.start();
    return this.streams.resume(this.checkedId(conversationId), this.checkedId(messageId));
  }

  /** New tokens (the full content so far, not a delta); saved within `streamSaveMs`. Synchronous: call it per chunk. */
  updateStream(conversationId: string, messageId: string, patch: MessagePatch): StoredMessage {
    return this.streams.update(conversationId, messageId, patch);
  }

  /** Final version of a streamed answer; status `complete` unless the patch says `stopped` or `error`. */
  endStream(conversationId: string, messageId: string, patch?: MessagePatch): Promise<StoredMessage> {
    return this.streams.end(conversationId, messageId, patch);
  }

  /** Shows the branch through `messageId` (its newest leaf), as picked with ‹ ›. */
  async selectBranch(
    conversationId: string,
    messageId: string,
  ): Promise<{ activeLeafId: string | null; activePath: string[] }> {
    await this.start();
    return this.repo.with(this.checkedId(conversationId), async (state) => {
      const tree = buildTree([...state.messages.values()]);
      if (!tree.byId.has(messageId))
        throw historyFailure('history_bad_request', `Message ${messageId} does not exist.`);
      await this.repo.commitMeta(state, {
        ...state.meta,
        activeLeafId: newestLeafUnder(tree, messageId),
        activeSetAt: this.now(),
      });
      const activeLeafId = resolveActiveLeaf(tree, state.meta);
      return { activeLeafId, activePath: pathTo(tree, activeLeafId).map((m) => m.id) };
    });
  }

  async updateMeta(conversationId: string, patch: MetaPatch): Promise<ConversationMeta> {
    await this.start();
    return this.repo.with(this.checkedId(conversationId), async (state) => {
      // Not a new message: renaming or pinning does not move the conversation up the list.
      await this.repo.commitMeta(state, { ...state.meta, ...patch });
      return { ...state.meta };
    });
  }

  rename(conversationId: string, title: string): Promise<ConversationMeta> {
    return this.updateMeta(conversationId, { title: title.trim() });
  }

  setPinned(conversationId: string, pinned: boolean): Promise<ConversationMeta> {
    return this.updateMeta(conversationId, { pinned });
  }

  /** Moves conversations to the trash; `undoDelete(receipt.token)` brings them back until `receipt.purgeAt`. */
  async delete(conversationIds: readonly string[]): Promise<TrashReceipt> {
    await this.start();
    return this.removal.delete(conversationIds.map((id) => this.checkedId(id)));
  }

  /** Deletes every conversation, undoable like `delete`. */
  async clearAll(): Promise<TrashReceipt> {
    return this.delete((await this.list()).map((s) => s.id));
  }

  /** Restores what a delete moved to the trash; the ids restored ([] once purged). */
  async undoDelete(token: string): Promise<string[]> {
    await this.start();
    return this.removal.undo(token);
  }

  /** Titles and full message text, case-insensitive substring; title hits first, then newest conversations first. */
  async search(query: string, options: { limit?: number } = {}): Promise<SearchResult> {
    await this.start();
    return this.searcher.search(query, Math.max(1, Math.min(options.limit ?? 50, 1000)));
  }

  /** Builds the search index ahead of the first search (it reads every conversation once). */
  async warmSearch(): Promise<void> {
    await this.start();
    await this.searcher.warm();
  }

  async exportJson(selection: ExportSelection): Promise<string> {
    return this.transfer.exportJson(await this.selected(selection));
  }

  async exportMarkdown(selection: ExportSelection): Promise<string> {
    return this.transfer.exportMarkdown(await this.selected(selection));
  }

  /**
   * Imports our JSON export (every conversation in it) or an OpenAI `messages` array; each becomes a new conversation.
   */
  async importFile(text: string): Promise<ConversationMeta[]> {
    await this.start();
    return this.transfer.importFile(text);
  }

  /** Writes the list index now (it is otherwise written shortly after changes). */
  async flush(): Promise<void> {
    if (this.startup) await this.index.flush();
  }

  /** Saves live streams as partial, waits for queued writes and writes the index. */
  async close(): Promise<void> {
    await this.streams.closeAll();
    await this.repo.queue.idle();
    this.removal.dispose();
    // A failed index write was told by the index itself, and the list is rebuilt from the conversations next start.
    if (this.startup) await this.index.flush().catch(() => undefined);
    this.index.dispose();
  }

  private start(): Promise<void> {
    this.startup ??= (async () => {
      await this.fs.mkdir(this.options.historyDir);
      await this.index.ensureLoaded();
      // Batches whose grace period ended while EVA was not running.
      await this.trash.purge(this.now()).catch(() => undefined);
    })().catch((error: unknown) => {
      this.startup = null;
      throw error;
    });
    return this.startup;
  }

  private async selected(selection: ExportSelection): Promise<string[]> {
    const ids = selection === 'all' ? (await this.list()).map((s) => s.id) : selection.map((id) => this.checkedId(id));
    await this.start();
    return ids;
  }

  private async defaultTitle(state: ConversationState, message: StoredMessage): Promise<void> {
    try {
      await this.repo.commitMeta(state, { ...state.meta, title: defaultTitle(contentText(message.content)) });
    } catch {
      // The message is saved; the next question tries again, and a rebuilt meta.json derives the title too.
    }
  }

  private checkedId(id: string): string {
    if (!IdSchema.safeParse(id).success)
      throw historyFailure('history_bad_request', `Invalid id: ${JSON.stringify(id).slice(0, 100)}`);
    return id;
  }
}
