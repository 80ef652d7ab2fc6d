// The byte cursor under the GGUF reader: it reads the file in chunks through a
// FileHandle, so a multi-GB model costs one buffer of memory, and every read past
// the end of the file fails as `model_invalid` with where it happened rather than
// as a RangeError or a short read.
import type { FileHandle } from 'node:fs/promises';
import { AppFailure } from '@shared/errors';
import type { GgufOverLimit } from '@shared/models/model-library';

const CHUNK_BYTES = 1 << 20;
/** Far above anything real (chat templates are tens of KB), far below "allocate GBs". */
export const MAX_STRING_BYTES = 32 << 20;

/** The failure for a file that is not a GGUF model we can read. */
export const invalidGguf = (message: string, details: Record<string, unknown>) =>
  new AppFailure('model_invalid', message, details);

/**
 * The failure for a file that ends too soon: `reason` lets the page say "cut short, download it
 * again" (error.reason.gguf_truncated) instead of the plain "not a usable GGUF".
 */
export const truncatedGguf = (message: string, details: Record<string, unknown>) =>
  invalidGguf(message, { ...details, reason: 'gguf_truncated' });

/**
 * The failure for a file that breaks one of the reader's limits (a crafted or damaged file):
 * `reason` and the numbers let the library say "not a usable model file" and why.
 */
export const overLimitGguf = (message: string, details: Record<string, unknown> & GgufOverLimit) =>
  invalidGguf(message, { ...details, reason: 'gguf_over_limit' });

function stringTooLong(c: GgufCursor, what: string, at: number, length: number): AppFailure {
  return overLimitGguf(`invalid GGUF: a string in ${what} at byte ${at} declares ${length} bytes`, {
    path: c.path,
    at,
    length,
    limit: 'string',
    found: length,
    max: MAX_STRING_BYTES,
  });
}

/** What takeStrings charges each decoded string to (the read's KeptBudget). */
export interface StringCharge {
  chargeString(bytes: number, what: string): void;
}

/** Chunked little-endian cursor over a file; `need` is the only place that does I/O. */
export class GgufCursor {
  pos = 0;
  private buf: Buffer;
  private bufStart = 0;
  private bufLen = 0;

  constructor(
    private readonly file: FileHandle,
    readonly size: number,
    readonly path: string,
  ) {
    this.buf = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size));
  }

  truncated(needed: number, what: string): AppFailure {
    return truncatedGguf(`truncated GGUF: header ends at byte ${this.size} of at least ${needed} (reading ${what})`, {
      path: this.path,
      fileSize: this.size,
      needed,
      reading: what,
    });
  }

  has(n: number): boolean {
    return this.pos >= this.bufStart && this.pos + n <= this.bufStart + this.bufLen;
  }

  /** Makes `n` bytes at `pos` available; callers check `has` first so the hot path stays synchronous. */
  async need(n: number, what: string): Promise<void> {
    if (this.has(n)) return;
    if (this.pos + n > this.size) {
      throw this.truncated(this.pos + n, what);
    }
    if (n > this.buf.length) this.buf = Buffer.allocUnsafe(n);
    const want = Math.min(this.buf.length, this.size - this.pos);
    let got = 0;
    while (got < want) {
      const { bytesRead } = await this.file.read(this.buf, got, want - got, this.pos + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    if (got < n) {
      throw truncatedGguf(`truncated GGUF: the file shrank while reading ${what}`, {
        path: this.path,
        needed: this.pos + n,
      });
    }
    this.bufStart = this.pos;
    this.bufLen = got;
  }

  /** Moves past `n` bytes without reading them. */
  skip(n: number, what: string): void {
    if (this.pos + n > this.size) {
      throw this.truncated(this.pos + n, what);
    }
    this.pos += n;
  }

  /**
   * Skips up to `count` length-prefixed strings that start inside the buffer and returns
   * how many it skipped. A vocabulary is 32k of them, so this is one tight synchronous
   * loop rather than an await per string.
   */
  skipStrings(count: number, what: string): number {
    const buf = this.buf;
    const base = this.bufStart;
    const end = this.bufLen;
    let offset = this.pos - base;
    let skipped = 0;
    // Plain byte reads: this loop runs cold (interpreted) on the first model a user opens.
    while (skipped < count && offset + 8 <= end) {
      const low = (buf[offset]! | (buf[offset + 1]! << 8) | (buf[offset + 2]! << 16)) + buf[offset + 3]! * 0x100_0000;
      const high = buf[offset + 4]! | buf[offset + 5]! | buf[offset + 6]! | buf[offset + 7]!;
      if (high !== 0 || low > MAX_STRING_BYTES)
        throw stringTooLong(this, what, base + offset, low + buf.readUInt32LE(offset + 4) * 0x1_0000_0000);
      offset += 8 + low;
      skipped++;
    }
    this.skip(base + offset - this.pos, what);
    return skipped;
  }

  /**
   * Decodes up to `count` length-prefixed strings that lie wholly inside the buffer into
   * `out` and returns how many; 0 means the next one straddles the buffer's end (read it
   * with readString). The synchronous twin of skipStrings, for the vocabulary a page searches;
   * each string is charged to `budget` before it is decoded.
   */
  takeStrings(count: number, what: string, out: string[], budget: StringCharge): number {
    const buf = this.buf;
    const base = this.bufStart;
    const end = this.bufLen;
    let offset = this.pos - base;
    let taken = 0;
    while (taken < count && offset + 8 <= end) {
      const low = buf.readUInt32LE(offset);
      const high = buf.readUInt32LE(offset + 4);
      if (high !== 0 || low > MAX_STRING_BYTES)
        throw stringTooLong(this, what, base + offset, low + high * 0x1_0000_0000);
      if (offset + 8 + low > end) break;
      budget.chargeString(low, what);
      out.push(buf.toString('utf8', offset + 8, offset + 8 + low));
      offset += 8 + low;
      taken++;
    }
    this.pos = base + offset;
    return taken;
  }

  private at(n: number): number {
    const offset = this.pos - this.bufStart;
    this.pos += n;
    return offset;
  }

  u8 = () => this.buf.readUInt8(this.at(1));
  i8 = () => this.buf.readInt8(this.at(1));
  u16 = () => this.buf.readUInt16LE(this.at(2));
  i16 = () => this.buf.readInt16LE(this.at(2));
  u32 = () => this.buf.readUInt32LE(this.at(4));
  i32 = () => this.buf.readInt32LE(this.at(4));
  f32 = () => this.buf.readFloatLE(this.at(4));
  f64 = () => this.buf.readDoubleLE(this.at(8));
  u64 = () => this.buf.readBigUInt64LE(this.at(8));
  i64 = () => this.buf.readBigInt64LE(this.at(8));
  /**
   * A u64 length or count as a number; values past 2^53 lose precision but are rejected by the callers' limits anyway.
   */
  u64n = () => {
    const offset = this.at(8);
    return this.buf.readUInt32LE(offset) + this.buf.readUInt32LE(offset + 4) * 0x1_0000_0000;
  };
  utf8 = (n: number) => {
    const offset = this.at(n);
    return this.buf.toString('utf8', offset, offset + n);
  };
}
