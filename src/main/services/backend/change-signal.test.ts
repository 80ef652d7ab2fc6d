import { describe, expect, it } from 'vitest';
import { ChangeSignal } from './change-signal';

describe('change signal', () => {
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
    const signal = new ChangeSignal();
    const started = Date.now();
    await signal.next(new AbortController().signal, 20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const controller = new AbortController();
    const waiting = signal.next(controller.signal, 60_000);
    controller.abort();
    await waiting;
  });
});
