import { describe, expect, it } from 'vitest';
import { sampleMemory, type SamplerTimers } from './memory-sampler';

/** Ticks by hand. */
function handTimers(): SamplerTimers & { tick(): void; running: boolean } {
  let tick: (() => void) | null = null;
  return {
    every: (_ms, callback) => {
      tick = callback;
      return () => (tick = null);
    },
    tick: () => tick?.(),
    get running() {
      return tick !== null;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sampleMemory', () => {
  it('keeps the largest resident set read at the start, at each tick and at the end', async () => {
    const readings = [100, 300, 200, 250];
    const timers = handTimers();
    const sampler = sampleMemory(async () => readings.shift() ?? null, 250, timers);
    await flush();
    timers.tick();
    await flush();
    timers.tick();
    await flush();
    expect(await sampler.stop()).toEqual({ peakBytes: 300, samples: 4 });
    expect(timers.running).toBe(false);
  });

  it('counts a read that fails for nothing; none read is no peak', async () => {
    const timers = handTimers();
    const failing = sampleMemory(async () => Promise.reject(new Error('gone')), 250, timers);
    timers.tick();
    expect(await failing.stop()).toEqual({ peakBytes: null, samples: 0 });
    const unreadable = sampleMemory(async () => null, 250, handTimers());
    expect(await unreadable.stop()).toEqual({ peakBytes: null, samples: 0 });
  });

  it('a tick while a read is still under way joins it instead of queueing another', async () => {
    let reads = 0;
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const timers = handTimers();
    const sampler = sampleMemory(
      async () => {
        reads++;
        await slow;
        return 10;
      },
      250,
      timers,
    );
    timers.tick();
    timers.tick();
    expect(reads).toBe(1);
    release();
    expect(await sampler.stop()).toEqual({ peakBytes: 10, samples: 2 });
  });
});
