import { describe, expect, it } from 'vitest';
import type { PacerTimers } from '../progress-pacer';
import { lineBatcher } from './line-batcher';

function fakeTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  let next = 0;
  const timers: PacerTimers = {
    setTimeout: (callback, ms) => {
      pending.set(++next, { at: now + ms, callback });
      return next;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
    now: () => now,
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...pending]) {
      if (timer.at <= now) {
        pending.delete(id);
        timer.callback();
      }
    }
  };
  return { timers, advance };
}

describe('lineBatcher', () => {
  it('holds lines for one interval, then sends them together; flush sends what is left', () => {
    const { timers, advance } = fakeTimers();
    const sent: string[][] = [];
    const batch = lineBatcher((lines) => sent.push(lines), 200, timers);
    batch.push('a');
    batch.push('b');
    expect(sent).toEqual([]);
    advance(200);
    expect(sent).toEqual([['a', 'b']]);
    batch.push('c');
    batch.flush();
    batch.flush();
    expect(sent).toEqual([['a', 'b'], ['c']]);
  });

  it('sends a full batch at once, and every line at once with no interval', () => {
    const { timers } = fakeTimers();
    const sent: string[][] = [];
    const batch = lineBatcher((lines) => sent.push(lines), 200, timers);
    for (let i = 0; i < 200; i++) batch.push(String(i));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(200);
    const direct: string[][] = [];
    const now = lineBatcher((lines) => direct.push(lines), 0, timers);
    now.push('x');
    expect(direct).toEqual([['x']]);
  });
});
