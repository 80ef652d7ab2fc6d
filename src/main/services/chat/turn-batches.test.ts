import { describe, expect, it } from 'vitest';
import { turnBatches } from './turn-batches';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A source that yields `reads` in turn: each inner list at once, with a pause before the next. */
async function* bursts(reads: number[][], pauseMs = 20): AsyncGenerator<number> {
  for (const [index, read] of reads.entries()) {
    if (index > 0) await sleep(pauseMs);
    for (const item of read) yield item;
  }
}

async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

describe('turnBatches', () => {
  it('puts what arrives in one turn in one batch, and each later arrival in the next', async () => {
    expect(await collect(turnBatches(bursts([[1, 2, 3], [4], [5, 6]])))).toEqual([[1, 2, 3], [4], [5, 6]]);
  });

  it('ends after the last batch, and yields nothing for an empty source', async () => {
    expect(await collect(turnBatches(bursts([[1, 2]])))).toEqual([[1, 2]]);
    expect(await collect(turnBatches(bursts([])))).toEqual([]);
  });

  // The source's second event waits until the first batch is seen: holding the batch back would hang.
  it('hands a batch over as soon as its turn ends, not when the next event comes', async () => {
    let seeFirst!: () => void;
    const firstSeen = new Promise<void>((resolve) => (seeFirst = resolve));
    async function* source(): AsyncGenerator<number> {
      yield 1;
      await firstSeen;
      yield 2;
    }
    const seen: number[][] = [];
    for await (const batch of turnBatches(source())) {
      seen.push(batch);
      seeFirst();
    }
    expect(seen).toEqual([[1], [2]]);
  });

  it('passes the source error on, after the batch before it', async () => {
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      await nextTurn();
      throw new Error('cut');
    }
    const batches: number[][] = [];
    await expect(
      (async () => {
        for await (const batch of turnBatches(failing())) batches.push(batch);
      })(),
    ).rejects.toThrow('cut');
    expect(batches).toEqual([[1]]);
  });

  it('closes the source when the caller leaves, once a read still under way has ended', async () => {
    let closed = false;
    let release: () => void = () => undefined;
    async function* source(): AsyncGenerator<number> {
      try {
        yield 1;
        // The read under way when the caller leaves: ended from outside, as an abort would.
        await new Promise<void>((resolve) => (release = resolve));
        yield 2;
      } finally {
        closed = true;
      }
    }
    for await (const batch of turnBatches(source())) {
      expect(batch).toEqual([1]);
      break;
    }
    expect(closed).toBe(false);
    release();
    await sleep(10);
    expect(closed).toBe(true);
  });
});
