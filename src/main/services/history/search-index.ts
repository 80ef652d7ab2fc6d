// Full-text search over every message, in memory. Substring search, not word
// search: Chinese has no spaces to split words on, and users search for
// fragments of code and paths. Message texts are packed into ~8 KiB chunks
// (original and case-folded UTF-8); each chunk carries a 16K-bit Bloom filter
// of its byte trigrams, so a query scans only the chunks that may contain it.
// A changed message is appended again and its old copy marked dead; chunks are
// repacked when the dead outweigh the living.

const CHUNK_BYTES = 8 * 1024;
const BLOOM_WORDS = 512; // 16,384 bits: about 20% full for 8 KiB of prose
const SEP = 0;
const SNIPPET_BEFORE = 40;
const SNIPPET_AFTER = 80;
const COMPACT_MIN_DEAD = 4 * 1024 * 1024;

interface Entry {
  conversationId: string;
  messageId: string;
  chunk: Chunk;
  /** byte range in the chunk's case-folded text */
  start: number;
  end: number;
  /** byte range in the chunk's original text (UTF-8 lengths may differ after folding) */
  textStart: number;
  textEnd: number;
  alive: boolean;
}

// UTF-8 in Buffers rather than JS strings: one CJK character anywhere makes a
// V8 string two bytes per character, and Buffers live outside the JS heap, so
// the garbage collector never walks them. Each chunk writes its texts straight
// into two preallocated Buffers: no per-message allocation while building.
class Chunk {
  readonly entries: Entry[] = [];
  readonly bloom: Uint32Array;
  readonly lowerBytes: Buffer;
  readonly textBytes: Buffer;
  lowerLength = 0;
  textLength = 0;

  constructor(slabs: Slabs, capacity: number) {
    const bloom = slabs.take(BLOOM_WORDS * 4).fill(0);
    this.bloom = new Uint32Array(bloom.buffer, bloom.byteOffset, BLOOM_WORDS);
    this.lowerBytes = slabs.take(capacity);
    this.textBytes = slabs.take(capacity);
  }

  /** Whether both texts fit; measures their UTF-8 size only when the worst case (3 bytes per UTF-16 unit) might not. */
  fits(text: string, lower: string): boolean {
    const room = Math.min(this.lowerBytes.length - this.lowerLength - 1, this.textBytes.length - this.textLength);
    if (room >= 3 * Math.max(text.length, lower.length)) return true;
    return (
      this.lowerLength + Buffer.byteLength(lower) + 1 <= this.lowerBytes.length &&
      this.textLength + Buffer.byteLength(text) <= this.textBytes.length
    );
  }

  add(conversationId: string, messageId: string, text: string, lower: string): Entry {
    const start = this.lowerLength;
    const end = start + this.lowerBytes.write(lower, start);
    this.lowerBytes[end] = SEP;
    const textStart = this.textLength;
    const textEnd = textStart + this.textBytes.write(text, textStart);
    this.lowerLength = end + 1;
    this.textLength = textEnd;
    addTrigrams(this.bloom, this.lowerBytes, start, end);
    const entry: Entry = { conversationId, messageId, chunk: this, start, end, textStart, textEnd, alive: true };
    this.entries.push(entry);
    return entry;
  }

  /** The case-folded bytes written so far (the rest of the buffer is unused). */
  get lower(): Buffer {
    return this.lowerBytes.subarray(0, this.lowerLength);
  }

  textOf(entry: Entry): string {
    return this.textBytes.toString('utf8', entry.textStart, entry.textEnd);
  }

  mayContain(bits: readonly number[]): boolean {
    for (const bit of bits) if (((this.bloom[bit >>> 5] as number) & (1 << (bit & 31))) === 0) return false;
    return true;
  }

  entryAt(offset: number): Entry | undefined {
    let lo = 0;
    let hi = this.entries.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const entry = this.entries[mid] as Entry;
      if (offset < entry.start) hi = mid - 1;
      else if (offset > entry.end) lo = mid + 1;
      else return entry;
    }
    return undefined;
  }
}

// Chunks are carved out of 1 MiB slabs: V8 answers each new ArrayBuffer's
// external memory with GC pressure, and 14,000 chunks × 3 buffers of their own
// spent more time in the collector than in indexing.
const SLAB_BYTES = 1024 * 1024;

class Slabs {
  private slab = Buffer.alloc(0);
  private used = 0;

  take(size: number): Buffer {
    if (size > SLAB_BYTES / 4) return Buffer.allocUnsafe(size);
    const aligned = (this.used + 7) & ~7;
    if (aligned + size > this.slab.length) {
      this.slab = Buffer.allocUnsafe(SLAB_BYTES);
      this.used = 0;
      return this.take(size);
    }
    this.used = aligned + size;
    return this.slab.subarray(aligned, aligned + size);
  }
}

// A rolling hash of the last three bytes, spread over the filter by a multiply.
function addTrigrams(bloom: Uint32Array, bytes: Buffer, from: number, to: number): void {
  let h = 0;
  for (let i = from; i < to; i++) {
    h = ((h << 8) | (bytes[i] as number)) & 0xffffff;
    if (i - from < 2) continue;
    const bit = Math.imul(h, 0x9e3779b1) >>> 18;
    bloom[bit >>> 5] = (bloom[bit >>> 5] as number) | (1 << (bit & 31));
  }
}

function trigramBits(bytes: Buffer): number[] {
  const bits = new Set<number>();
  let h = 0;
  for (let i = 0; i < bytes.length; i++) {
    h = ((h << 8) | (bytes[i] as number)) & 0xffffff;
    if (i >= 2) bits.add(Math.imul(h, 0x9e3779b1) >>> 18);
  }
  return [...bits];
}

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

export interface MessageMatch {
  conversationId: string;
  messageId: string;
  snippet: string;
  matches: Array<{ start: number; end: number }>;
}

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
   * Messages containing `query` (case-insensitive), newest chunks first, one match per message; stops after `limit`.
   */
  search(query: string, limit: number): { matches: MessageMatch[]; truncated: boolean } {
    const folded = foldCase(query.replaceAll('\u0000', ' '));
    const needle = Buffer.from(folded);
    const matches: MessageMatch[] = [];
    if (needle.length === 0 || limit <= 0) return { matches, truncated: false };
    const bits = trigramBits(needle);
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
