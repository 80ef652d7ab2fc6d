// Full-text search over every message, in memory. Substring search, not word
// search: Chinese has no spaces to split words on, and users search for
// fragments of code and paths. Message texts are packed into ~8 KiB chunks
// (original and case-folded UTF-8); each chunk carries a 16K-bit Bloom filter
// of its byte trigrams, so a query scans only the chunks that may contain it.
// A changed message is appended again and its old copy marked dead; chunks are
// repacked when the dead outweigh the living.
import { foldCase, type MessageMatch } from '@shared/history/search-hits';
import { Chunk, CHUNK_BYTES, Slabs, trigramBits, type Entry } from './search-chunk';

const SNIPPET_BEFORE = 40;
const SNIPPET_AFTER = 80;
const COMPACT_MIN_DEAD = 4 * 1024 * 1024;

export type { MessageMatch } from '@shared/history/search-hits';

export class SearchIndex {
  private chunks: Chunk[] = [];
  private slabs = new Slabs();
  private readonly byConversation = new Map<string, Map<string, Entry>>();
  private liveBytes = 0;
  private deadBytes = 0;

  /** Indexes the message's current text, replacing what was indexed for it before. */
  upsert(conversationId: string, messageId: string, text: string): void {
    let messages = this.byConversation.get(conversationId);
    const clean = text.includes('\u0000') ? text.replaceAll('\u0000', ' ') : text;
    const old = messages?.get(messageId);
    if (old) {
      if (old.chunk.textOf(old) === clean) return;
      this.kill(old);
    }
    const entry = this.add(conversationId, messageId, clean, foldCase(clean));
    if (!messages) this.byConversation.set(conversationId, (messages = new Map()));
    messages.set(messageId, entry);
    this.maybeCompact();
  }

  removeConversation(conversationId: string): void {
    const messages = this.byConversation.get(conversationId);
    if (!messages) return;
    for (const entry of messages.values()) this.kill(entry);
    this.byConversation.delete(conversationId);
    this.maybeCompact();
  }

  /**
   * Messages containing `query` (case-insensitive), newest chunks first, one match per message, or with
   * `perConversation` only the first message of each conversation; stops after `limit`.
   */
  search(query: string, limit: number, perConversation = false): { matches: MessageMatch[]; truncated: boolean } {
    const folded = foldCase(query.replaceAll('\u0000', ' '));
    const needle = Buffer.from(folded);
    const matches: MessageMatch[] = [];
    if (needle.length === 0 || limit <= 0) return { matches, truncated: false };
    const bits = trigramBits(needle);
    const seen = new Set<string>();
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const chunk = this.chunks[c] as Chunk;
      if (!chunk.mayContain(bits)) continue;
      const lower = chunk.lower;
      let at = lower.indexOf(needle);
      while (at >= 0) {
        const entry = chunk.entryAt(at);
        if (!entry || !entry.alive || at + needle.length > entry.end) {
          at = lower.indexOf(needle, at + 1);
          continue;
        }
        if (perConversation && seen.has(entry.conversationId)) {
          at = lower.indexOf(needle, entry.end);
          continue;
        }
        seen.add(entry.conversationId);
        if (matches.length === limit) return { matches, truncated: true };
        matches.push({
          conversationId: entry.conversationId,
          messageId: entry.messageId,
          ...snippetAt(entry, at, folded),
        });
        at = lower.indexOf(needle, entry.end);
      }
    }
    return { matches, truncated: false };
  }

  /** Bytes held (live, dead), for tests and diagnostics. */
  stats(): { chunks: number; liveBytes: number; deadBytes: number; conversations: number } {
    return {
      chunks: this.chunks.length,
      liveBytes: this.liveBytes,
      deadBytes: this.deadBytes,
      conversations: this.byConversation.size,
    };
  }

  private kill(entry: Entry): void {
    if (!entry.alive) return;
    entry.alive = false;
    this.liveBytes -= entry.end - entry.start;
    this.deadBytes += entry.end - entry.start;
  }

  private add(conversationId: string, messageId: string, text: string, lower: string): Entry {
    let chunk = this.chunks[this.chunks.length - 1];
    if (!chunk || !chunk.fits(text, lower)) {
      chunk = new Chunk(this.slabs, Math.max(CHUNK_BYTES, Buffer.byteLength(lower) + 1, Buffer.byteLength(text)));
      this.chunks.push(chunk);
    }
    const entry = chunk.add(conversationId, messageId, text, lower);
    this.liveBytes += entry.end - entry.start;
    return entry;
  }

  // Repacking costs a pass over the live text; doing it only when the dead
  // outweigh the living keeps its amortised cost per update constant.
  private maybeCompact(): void {
    if (this.deadBytes < COMPACT_MIN_DEAD || this.deadBytes < this.liveBytes) return;
    const old = this.chunks;
    this.chunks = [];
    this.slabs = new Slabs();
    this.liveBytes = 0;
    this.deadBytes = 0;
    for (const chunk of old) {
      for (const entry of chunk.entries) {
        if (!entry.alive) continue;
        const moved = this.add(
          entry.conversationId,
          entry.messageId,
          chunk.textOf(entry),
          chunk.lowerBytes.toString('utf8', entry.start, entry.end),
        );
        this.byConversation.get(entry.conversationId)?.set(entry.messageId, moved);
      }
    }
  }
}

// Offsets inside a message are UTF-16 indexes of the decoded text, identical
// in the original and the folded copy (foldCase keeps lengths).
function snippetAt(
  entry: Entry,
  at: number,
  needle: string,
): { snippet: string; matches: Array<{ start: number; end: number }> } {
  const text = entry.chunk.textOf(entry);
  const lower = foldCase(text);
  const hit = entry.chunk.lowerBytes.toString('utf8', entry.start, at).length;
  let from = Math.max(0, hit - SNIPPET_BEFORE);
  const to = Math.min(text.length, hit + needle.length + SNIPPET_AFTER);
  // Start on a word boundary when one is near, so the snippet does not open mid-word.
  if (from > 0) {
    const space = text.slice(from, hit).search(/\s/);
    if (space >= 0 && space < 15) from += space + 1;
  }
  const prefix = from > 0 ? '…' : '';
  const suffix = to < text.length ? '…' : '';
  // Whitespace becomes spaces one for one, so the match offsets still hold.
  const body = text.slice(from, to).replace(/\s/g, ' ');
  const lowerBody = lower.slice(from, to);
  const matches: Array<{ start: number; end: number }> = [];
  for (let i = lowerBody.indexOf(needle); i >= 0; i = lowerBody.indexOf(needle, i + needle.length)) {
    matches.push({ start: prefix.length + i, end: prefix.length + i + needle.length });
  }
  return { snippet: prefix + body + suffix, matches };
}
