import { describe, expect, it } from 'vitest';
import { Throttle, type Timers } from './throttle';

function fakeTimers(): Timers & { advance(ms: number): void } {
  let now = 0;
  let timers: Array<{ at: number; fn: () => void }> = [];
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const timer = { at: now + ms, fn };
      timers.push(timer);
      return timer;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t !== handle);
    },
    advance(ms) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers = timers.filter((t) => t !== timer);
        timer.fn();
      }
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('throttle', () => {
  it('writes the first change at once, then at most once per interval, always the newest state', async () => {
    const timers = fakeTimers();
    let state = 0;
    const written: number[] = [];
    const throttle = new Throttle(
      1000,
      async () => void written.push(state),
      () => undefined,
      timers,
    );
    state = 1;
    throttle.poke();
    await tick();
    for (let i = 2; i <= 50; i++) {
      state = i;
      throttle.poke();
      timers.advance(10);
      await tick();
    }
    expect(written).toEqual([1]);
    timers.advance(600);
    await tick();
    expect(written).toEqual([1, 50]);
    timers.advance(5000);
    await tick();
    expect(written).toEqual([1, 50]);
  });

  it('reports a failing write and keeps trying with later changes', async () => {
    const timers = fakeTimers();
    const errors: unknown[] = [];
    let fail = true;
    let writes = 0;
    const throttle = new Throttle(
      100,
      async () => {
        writes++;
        if (fail) throw new Error('ENOSPC');
      },
      (e) => errors.push(e),
      timers,
    );
    throttle.poke();
    await tick();
    expect(errors).toHaveLength(1);
    fail = false;
    timers.advance(100);
    throttle.poke();
    await tick();
    expect(writes).toBe(2);
  });

  it('stop waits for the write in flight and cancels the pending one', async () => {
    const timers = fakeTimers();
    let release: () => void = () => undefined;
    let writes = 0;
    const throttle = new Throttle(
      100,
      () => new Promise<void>((resolve) => ((release = resolve), writes++)),
      () => undefined,
      timers,
    );
    throttle.poke();
    throttle.poke();
    let stopped = false;
    const stopping = throttle.stop().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    release();
    await stopping;
    timers.advance(1000);
    await tick();
    expect(writes).toBe(1);
  });
});
