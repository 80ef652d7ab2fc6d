// How history search answers, whoever holds the texts (the core's index, the in-memory platform): one row per
// conversation. A conversation whose title and messages both match is one row showing the message (so opening it lands
// there) with the title's matches beside it; title matches come first, in list order, then the other conversations,
// newest first.
import type { ConversationSummary, SearchHit, SearchResult } from './types';

/**
 * Lower case that keeps every character's length (the rare characters that would grow stay as they are), so offsets
 * match the original.
 */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const folded = ch.toLowerCase();
    out += folded.length === ch.length ? folded : ch;
  }
  return out;
}

/** A message that matched: where, and the snippet around it with the match offsets inside the snippet. */
export interface MessageMatch {
  conversationId: string;
  messageId: string;
  snippet: string;
  matches: Array<{ start: number; end: number }>;
}

type Summary = Pick<ConversationSummary, 'id' | 'title' | 'updatedAt'>;

/** The title hit for `summary`, or null; `foldedTitle` is foldCase(title), `needle` the folded query. */
export function titleHit(summary: Summary, foldedTitle: string, needle: string): SearchHit | null {
  const at = foldedTitle.indexOf(needle);
  if (at < 0) return null;
  const matches = [{ start: at, end: at + needle.length }];
  return {
    conversationId: summary.id,
    messageId: null,
    title: summary.title,
    updatedAt: summary.updatedAt,
    snippet: summary.title,
    matches,
    titleMatches: matches,
  };
}

/**
 * The answer from the title hits (in list order, at most `limit`) and the message matches (at most one per
 * conversation); `truncated` when either side had more than it returned.
 */
export function mergeSearchHits(
  titleHits: readonly SearchHit[],
  messageMatches: readonly MessageMatch[],
  summaryOf: (id: string) => Summary | undefined,
  limit: number,
  truncated: boolean,
): SearchResult {
  const byTitle = new Map(titleHits.map((hit) => [hit.conversationId, hit]));
  const messageHits: SearchHit[] = [];
  for (const match of messageMatches) {
    const titled = byTitle.get(match.conversationId);
    if (titled) {
      byTitle.set(match.conversationId, { ...titled, ...match });
      continue;
    }
    const summary = summaryOf(match.conversationId);
    if (summary) messageHits.push({ ...match, title: summary.title, updatedAt: summary.updatedAt });
  }
  messageHits.sort((a, b) => b.updatedAt - a.updatedAt);
  const hits = [...byTitle.values(), ...messageHits];
  return { hits: hits.slice(0, limit), truncated: truncated || hits.length > limit };
}
