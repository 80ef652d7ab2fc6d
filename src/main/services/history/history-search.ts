// Search over titles (from the list index, always in memory) and message text
// (the SearchIndex, built on first use or by `warm()`: reading every
// conversation once, oldest first so the newest land in the chunks scanned
// first). The index exists from the moment building starts, so writes made
// while it builds are applied to it and cannot be missed.
import { searchableText } from '@shared/history/message-text';
import type { ConversationSummary, SearchHit, SearchResult, StoredMessage } from '@shared/history/types';
import type { ConversationRepo } from './conversation-repo';
import { forEachLimit } from './list-index';
import { SearchIndex } from './search-index';
import { foldCase, mergeSearchHits, titleHit } from '@shared/history/search-hits';

const READ_CONCURRENCY = 8;

export interface SummarySource {
  list(): Promise<ConversationSummary[]>;
  get(id: string): ConversationSummary | undefined;
}

export class HistorySearch {
  private index: SearchIndex | null = null;
  private building: Promise<SearchIndex> | null = null;
  /** case-folded titles, by summary object (a changed summary is a new object) */
  private readonly foldedTitles = new WeakMap<ConversationSummary, string>();

  constructor(
    private readonly repo: ConversationRepo,
    private readonly summaries: SummarySource,
  ) {}

  /** Builds the message index now (e.g. when the app is idle after start). */
  warm(): Promise<SearchIndex> {
    if (this.index && !this.building) return Promise.resolve(this.index);
    this.building ??= this.build().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  /** Keep the index current; partial stream snapshots wait for their final version. */
  indexMessages(conversationId: string, messages: readonly StoredMessage[]): void {
    if (!this.index) return;
    for (const message of messages)
      if (message.status !== 'partial') this.index.upsert(conversationId, message.id, searchableText(message));
  }

  removeConversation(conversationId: string): void {
    this.index?.removeConversation(conversationId);
  }

  /**
   * One hit per conversation: a conversation whose title and messages both match is one row, showing the message
   * (so opening it lands there) with the title's matches in `titleMatches`. Title matches come first, in list
   * order, then the other conversations, newest first.
   */
  async search(query: string, limit: number): Promise<SearchResult> {
    const trimmed = query.trim();
    if (!trimmed) return { hits: [], truncated: false };
    const index = await this.warm();
    const list = await this.summaries.list();
    const needle = foldCase(trimmed);
    const titleHits: SearchHit[] = [];
    let truncated = false;
    for (const summary of list) {
      let folded = this.foldedTitles.get(summary);
      if (folded === undefined) this.foldedTitles.set(summary, (folded = foldCase(summary.title)));
      const hit = titleHit(summary, folded, needle);
      if (!hit) continue;
      if (titleHits.length === limit) {
        truncated = true;
        break;
      }
      titleHits.push(hit);
    }
    const found = index.search(trimmed, limit, true);
    return mergeSearchHits(
      titleHits,
      found.matches,
      (id) => this.summaries.get(id),
      limit,
      truncated || found.truncated,
    );
  }

  private async build(): Promise<SearchIndex> {
    const index = new SearchIndex();
    this.index = index;
    const ids = (await this.summaries.list())
      .slice()
      .sort((a, b) => a.updatedAt - b.updatedAt)
      .map((s) => s.id);
    await forEachLimit(ids, READ_CONCURRENCY, async (id) => {
      try {
        for (const message of (await this.repo.readMessages(id)) ?? [])
          if (message.status !== 'partial') index.upsert(id, message.id, searchableText(message));
      } catch {
        // An unreadable conversation was reported when it was listed; search the rest.
      }
    });
    return index;
  }
}
