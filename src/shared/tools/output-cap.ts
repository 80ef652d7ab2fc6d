// Bounded tool output: the model sees the head and the tail of a long output
// with a marker saying how much was cut from the middle. The collector keeps
// memory bounded while a command streams gigabytes.

/** The text the model gets, and what was left out. */
export interface CappedOutput {
  text: string;
  truncated: boolean;
  omittedChars: number;
  totalChars: number;
}

export function omissionMarker(omitted: number): string {
  return `\n[… ${omitted} chars omitted …]\n`;
}

/** Cap a whole string: first half and last half of the budget around a marker. */
export function capOutput(text: string, maxChars: number): CappedOutput {
  const collector = new OutputCollector(maxChars);
  collector.push(text);
  return collector.result();
}

/** Streams chunks in, keeps at most `maxChars` of head plus tail. */
export class OutputCollector {
  private head = '';
  private tail = '';
  private total = 0;
  private readonly headMax: number;
  private readonly tailMax: number;

  constructor(maxChars: number) {
    this.headMax = Math.ceil(maxChars / 2);
    this.tailMax = Math.floor(maxChars / 2);
  }

  push(chunk: string): void {
    if (chunk === '') return;
    this.total += chunk.length;
    let rest = chunk;
    if (this.head.length < this.headMax) {
      const take = this.headMax - this.head.length;
      this.head += rest.slice(0, take);
      rest = rest.slice(take);
    }
    if (rest === '') return;
    this.tail += rest;
    // Trim lazily so a stream of tiny chunks does not copy the tail each time.
    if (this.tail.length > this.tailMax * 2) this.tail = this.tail.slice(-this.tailMax);
  }

  result(): CappedOutput {
    const tail = this.tail.slice(-this.tailMax);
    const omitted = this.total - this.head.length - tail.length;
    if (omitted <= 0) return { text: this.head + this.tail, truncated: false, omittedChars: 0, totalChars: this.total };
    return {
      text: this.head + omissionMarker(omitted) + tail,
      truncated: true,
      omittedChars: omitted,
      totalChars: this.total,
    };
  }
}
