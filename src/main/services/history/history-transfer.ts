// Export and import of whole conversations. An export reads each conversation
// through the repo, in its queue, so it sees every committed write and any damage
// is repaired first; an import always creates new conversations under fresh ids,
// so importing a file twice, or an export of this same history, never overwrites
// what is there.
import { conversationsToMarkdown } from '@shared/history/markdown';
import { parseImport, toExportJson, type ExportedConversation } from '@shared/history/transfer';
import { HISTORY_FORMAT_VERSION, type ConversationMeta } from '@shared/history/types';
import type { ConversationRepo } from './conversation-repo';
import type { HistorySearch } from './history-search';

export interface TransferDeps {
  repo: ConversationRepo;
  searcher: HistorySearch;
  now: () => number;
  /** a fresh, valid conversation id */
  newId: () => string;
}

export class HistoryTransfer {
  constructor(private readonly deps: TransferDeps) {}

  /** Our JSON export of the conversations `ids`, in that order. */
  async exportJson(ids: readonly string[]): Promise<string> {
    return toExportJson(await this.collect(ids), this.deps.now());
  }

  async exportMarkdown(ids: readonly string[]): Promise<string> {
    return conversationsToMarkdown(await this.collect(ids));
  }

  /**
   * Imports our JSON export (every conversation in it) or an OpenAI `messages` array; each becomes a new conversation.
   */
  async importFile(text: string): Promise<ConversationMeta[]> {
    const { repo, searcher, now, newId } = this.deps;
    const imported = parseImport(text, now());
    const created: ConversationMeta[] = [];
    for (const conversation of imported) {
      const id = newId();
      const state = await repo.queue.run(id, () =>
        repo.createOnDisk({ ...conversation.meta, id, version: HISTORY_FORMAT_VERSION }, conversation.messages),
      );
      searcher.indexMessages(id, conversation.messages);
      created.push({ ...state.meta });
    }
    return created;
  }

  private async collect(ids: readonly string[]): Promise<ExportedConversation[]> {
    const out: ExportedConversation[] = [];
    for (const id of ids)
      out.push(
        await this.deps.repo.with(id, (state) => ({ meta: { ...state.meta }, messages: [...state.messages.values()] })),
      );
    return out;
  }
}
