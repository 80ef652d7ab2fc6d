import { describe, expect, it } from 'vitest';
import { decideRestart, type RestartPolicy } from './restart-budget';

const policy: RestartPolicy = { delaysMs: [100, 200, 400], healthyMs: 60_000 };

describe('restart budget', () => {
  it('a crash loop (dying before it has run healthy) gives up after the last delay', () => {
    expect(decideRestart(policy, 0, 0)).toEqual({ kind: 'restart', attempt: 1, delayMs: 100 });
    expect(decideRestart(policy, 1, 5)).toEqual({ kind: 'restart', attempt: 2, delayMs: 200 });
    expect(decideRestart(policy, 2, 59_999)).toEqual({ kind: 'restart', attempt: 3, delayMs: 400 });
    expect(decideRestart(policy, 3, 10)).toEqual({ kind: 'give_up', attempts: 3 });
  });

  it('refills after a healthy period: the fourth crash of the day, hours later, is restarted like the first', () => {
    expect(decideRestart(policy, 3, 60_000)).toEqual({ kind: 'restart', attempt: 1, delayMs: 100 });
    expect(decideRestart(policy, 3, 4 * 3_600_000)).toEqual({ kind: 'restart', attempt: 1, delayMs: 100 });
  });

  it('no delays means no restart at all', () => {
    expect(decideRestart({ delaysMs: [], healthyMs: 1 }, 0, 10)).toEqual({ kind: 'give_up', attempts: 0 });
  });
});
