// The storage of the search index (search-index.ts): chunks of packed UTF-8 texts, each with a Bloom filter of
// its byte trigrams, carved out of shared slabs.

/** A chunk's usual size; a longer message gets a chunk of its own size. */
export const CHUNK_BYTES = 8 * 1024;
const BLOOM_WORDS = 512; // 16,384 bits: about 20% full for 8 KiB of prose
const SEP = 0;

/** One message's text in a chunk. */
export interface Entry {
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
export class Chunk {
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

export class Slabs {
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

/** The filter bits of a query's trigrams: a chunk lacking any of them cannot contain it. */
export function trigramBits(bytes: Buffer): number[] {
  const bits = new Set<number>();
  let h = 0;
  for (let i = 0; i < bytes.length; i++) {
    h = ((h << 8) | (bytes[i] as number)) & 0xffffff;
    if (i >= 2) bits.add(Math.imul(h, 0x9e3779b1) >>> 18);
  }
  return [...bits];
}
