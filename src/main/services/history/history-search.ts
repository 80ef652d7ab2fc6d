// Search over titles (from the list index, always in memory) and message text
// (the SearchIndex, built on first use or by `warm()`: reading every
// conversation once, oldest first so the newest land in the chunks scanned
// first). The index exists from the moment building starts, so writes made
// while it builds are applied to it and cannot be missed.
import { searchableText } from '@shared/history/message-text';
import type { ConversationSummary, SearchHit, SearchResult, StoredMessage } from '@shared/history/types';
import type { ConversationRepo } from './conversation-repo';
import { forEachLimit } from './list-index';
import { foldCase, SearchIndex } from './search-index';

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
    const byTitle = new Map<string, SearchHit>();
    let truncated = false;
    for (const summary of list) {
      let folded = this.foldedTitles.get(summary);
      if (folded === undefined) this.foldedTitles.set(summary, (folded = foldCase(summary.title)));
      const at = folded.indexOf(needle);
      if (at < 0) continue;
      if (byTitle.size === limit) {
        truncated = true;
        break;
      }
      const matches = [{ start: at, end: at + needle.length }];
      byTitle.set(summary.id, {
        conversationId: summary.id,
        messageId: null,
        title: summary.title,
        updatedAt: summary.updatedAt,
        snippet: summary.title,
        matches,
        titleMatches: matches,
      });
    }
    const found = index.search(trimmed, limit, true);
    const messageHits: SearchHit[] = [];
    for (const match of found.matches) {
      const titled = byTitle.get(match.conversationId);
      if (titled) {
        byTitle.set(match.conversationId, { ...titled, ...match });
        continue;
      }
      const summary = this.summaries.get(match.conversationId);
      if (summary) messageHits.push({ ...match, title: summary.title, updatedAt: summary.updatedAt });
    }
    messageHits.sort((a, b) => b.updatedAt - a.updatedAt);
    const hits = [...byTitle.values(), ...messageHits];
    return { hits: hits.slice(0, limit), truncated: truncated || found.truncated || hits.length > limit };
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
