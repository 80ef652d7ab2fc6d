import { afterEach, describe, expect, it, vi } from 'vitest';
import { pacedAnimationFrame } from './stream-follower';

afterEach(() => vi.useRealTimers());

/** Paints through the paced scheduler with fake timers; `cost` is how long each paint keeps the main thread. */
function harness(cost: () => number) {
  vi.useFakeTimers();
  const paints: number[] = [];
  const schedule = pacedAnimationFrame({}, () => Date.now());
  const paint = (): void =>
    schedule(() => {
      paints.push(Date.now());
      // The frame's work: the clock moves on by what it cost.
      vi.setSystemTime(Date.now() + cost());
    });
  return { paints, paint };
}

describe('paced stream paints', () => {
  it('paints at once, then no more often than every 100 ms while paints are cheap', () => {
    const { paints, paint } = harness(() => 1);
    paint();
    vi.advanceTimersByTime(20);
    expect(paints).toHaveLength(1);
    paint();
    vi.advanceTimersByTime(50);
    expect(paints).toHaveLength(1);
    vi.advanceTimersByTime(70);
    expect(paints).toHaveLength(2);
    expect((paints[1] ?? 0) - (paints[0] ?? 0)).toBeGreaterThanOrEqual(100);
    expect((paints[1] ?? 0) - (paints[0] ?? 0)).toBeLessThan(130);
  });

  it('spaces paints out when one gets costly, so that with the rest of the pipeline they take about a twentieth of a core, never rarer than every 400 ms', () => {
    let cost = 4;
    const { paints, paint } = harness(() => cost);
    paint();
    vi.advanceTimersByTime(50);
    paint();
    vi.advanceTimersByTime(1000);
    expect(paints).toHaveLength(2);
    // 4 ms on the main thread, about 8 ms in all: the next paint waited about 200 ms.
    expect((paints[1] ?? 0) - (paints[0] ?? 0)).toBeGreaterThanOrEqual(200);
    expect((paints[1] ?? 0) - (paints[0] ?? 0)).toBeLessThan(260);
    cost = 200;
    paint();
    vi.advanceTimersByTime(20);
    expect(paints).toHaveLength(3);
    // Asked for right after a 200 ms paint: capped at 400 ms, not 2 s.
    paint();
    vi.advanceTimersByTime(1000);
    expect((paints[3] ?? 0) - (paints[2] ?? 0)).toBeGreaterThanOrEqual(400);
    expect((paints[3] ?? 0) - (paints[2] ?? 0)).toBeLessThan(650);
  });
});
