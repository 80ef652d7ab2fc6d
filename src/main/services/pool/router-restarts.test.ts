import { describe, expect, it } from 'vitest';
import { RouterRestarts } from './router-restarts';

const settled = async (promise: Promise<void>): Promise<boolean> =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10))]);

describe('RouterRestarts', () => {
  it('restarts with the policy delays, then gives up; a long healthy run refills the budget', () => {
    const restarts = new RouterRestarts({ delaysMs: [100, 200], healthyMs: 1000 });
    expect(restarts.decide(50)).toEqual({ kind: 'restart', attempt: 1, delayMs: 100 });
    expect(restarts.decide(0)).toEqual({ kind: 'restart', attempt: 2, delayMs: 200 });
    expect(restarts.decide(0)).toEqual({ kind: 'give_up', attempts: 2 });
    expect(restarts.decide(1000)).toEqual({ kind: 'restart', attempt: 1, delayMs: 100 });
    restarts.reset();
    expect(restarts.decide(0)).toEqual({ kind: 'restart', attempt: 1, delayMs: 100 });
  });

  it('one wait for a whole series of attempts: it settles once the router is back, or given up', async () => {
    const restarts = new RouterRestarts({ delaysMs: [100, 200], healthyMs: 1000 });
    expect(await settled(restarts.wait())).toBe(true);
    restarts.decide(0);
    const waiting = restarts.wait();
    restarts.decide(0);
    expect(restarts.wait()).toBe(waiting);
    expect(await settled(waiting)).toBe(false);
    restarts.settle();
    expect(await settled(waiting)).toBe(true);

    restarts.reset();
    restarts.decide(0);
    const again = restarts.wait();
    restarts.decide(0);
    restarts.decide(0);
    expect(await settled(again)).toBe(true);
  });
});
