import { describe, expect, it } from 'vitest';
import { failuresAfterLoss, retryDelayMs } from './reconnect-backoff';

describe('reconnect backoff', () => {
  it('grows with each failure and stays at the cap', () => {
    const delays = [10, 20, 50];
    expect([1, 2, 3, 4, 99].map((n) => retryDelayMs(n, delays))).toEqual([10, 20, 50, 50, 50]);
    expect(retryDelayMs(0, delays)).toBe(10);
    expect(() => retryDelayMs(1, [])).toThrow(/at least one delay/);
  });

  it('starts over after a connection that stayed up long enough', () => {
    expect(failuresAfterLoss(4, 100, 1000)).toBe(5);
    expect(failuresAfterLoss(4, 1000, 1000)).toBe(1);
  });
});
