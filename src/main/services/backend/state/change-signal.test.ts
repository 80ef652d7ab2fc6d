import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangeSignal } from './change-signal';

describe('change signal', () => {
  afterEach(() => vi.useRealTimers());

  it('wakes every waiter on notify, and only once', async () => {
    const signal = new ChangeSignal();
    const never = new AbortController().signal;
    const woken: string[] = [];
    const a = signal.next(never, 60_000).then(() => woken.push('a'));
    const b = signal.next(never, 60_000).then(() => woken.push('b'));
    signal.notify();
    await Promise.all([a, b]);
    expect(woken.sort()).toEqual(['a', 'b']);
    signal.notify();
    expect(woken).toHaveLength(2);
  });

  it('gives up after the deadline, or at once on abort', async () => {
    vi.useFakeTimers();
    const signal = new ChangeSignal();
    let woken = false;
    const sleeping = signal.next(new AbortController().signal, 20).then(() => (woken = true));
    await vi.advanceTimersByTimeAsync(19);
    expect(woken).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(woken).toBe(true);
    const controller = new AbortController();
    const waiting = signal.next(controller.signal, 60_000);
    controller.abort();
    await waiting;
  });
});
