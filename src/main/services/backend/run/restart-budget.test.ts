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

  it('over a long session, as the manager counts (restarts = the attempt just made): hourly crashes never run out, a loop after one still does', () => {
    const hour = 3_600_000;
    let restarts = 0;
    const crash = (healthyForMs: number) => {
      const decision = decideRestart(policy, restarts, healthyForMs);
      if (decision.kind === 'restart') restarts = decision.attempt;
      return decision.kind;
    };
    expect([4 * hour, 3 * hour, 5 * hour, hour, 2 * hour].map(crash)).toEqual([
      'restart',
      'restart',
      'restart',
      'restart',
      'restart',
    ]);
    expect([6 * hour, 50, 50, 50].map(crash)).toEqual(['restart', 'restart', 'restart', 'give_up']);
  });

  it('no delays means no restart at all', () => {
    expect(decideRestart({ delaysMs: [], healthyMs: 1 }, 0, 10)).toEqual({ kind: 'give_up', attempts: 0 });
  });
});
