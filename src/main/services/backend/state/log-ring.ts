// The last N lines of the model log. A fixed array written round and round, so
// a push is O(1) however big the buffer: shifting a 5,000-entry array on every
// line of a chatty server would cost more than the line is worth.
import type { LogLine } from '@shared/contract';

export class LogRing {
  private readonly slots: (LogLine | undefined)[];
  /** index the next push writes to */
  private head = 0;
  private size = 0;
  private nextSeq = 1;

  constructor(
    readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`LogRing capacity must be a positive whole number, got ${capacity}`);
    this.slots = new Array<LogLine | undefined>(capacity);
  }

  /**
   * Append a line; the oldest one drops out when full. Sequence numbers never repeat, so the renderer can tell what it
   * has seen.
   */
  push(stream: LogLine['stream'], text: string): LogLine {
    const line: LogLine = { seq: this.nextSeq++, time: this.now(), stream, text };
    this.slots[this.head] = line;
    this.head = (this.head + 1) % this.capacity;
    if (this.size < this.capacity) this.size++;
    return line;
  }

  /** The last `n` lines, oldest first. */
  tail(n: number): LogLine[] {
    const count = Math.min(Math.max(0, Math.trunc(n)), this.size);
    const out: LogLine[] = new Array<LogLine>(count);
    const start = this.head - count + this.capacity;
    for (let i = 0; i < count; i++) out[i] = this.slots[(start + i) % this.capacity] as LogLine;
    return out;
  }

  /** Every line held, oldest first. */
  all(): LogLine[] {
    return this.tail(this.size);
  }

  /** Lines containing `query`, ignoring case, oldest first; an empty query matches every line. */
  search(query: string): LogLine[] {
    const needle = query.toLowerCase();
    return this.all().filter((line) => line.text.toLowerCase().includes(needle));
  }

  /** How many lines are held. */
  get length(): number {
    return this.size;
  }

  /** Forget every line; sequence numbers carry on, so a reader never sees one twice. */
  clear(): void {
    this.slots.fill(undefined);
    this.head = 0;
    this.size = 0;
  }
}
