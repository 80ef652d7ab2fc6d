import { describe, expect, it } from 'vitest';
import { keyTotals } from './key-totals';
import type { LocalApiLogEntry } from './local-api-types';

const request = { id: 1, startedAt: 0, method: 'POST', path: '/v1/chat/completions', model: 'm', status: 200 };
const entry = (keyName: string | null, promptTokens: number | null, completionTokens: number | null) =>
  ({ ...request, durationMs: 1, keyName, promptTokens, completionTokens }) satisfies LocalApiLogEntry;

describe('per-key totals', () => {
  it('adds up requests and tokens per key, in first-seen order, counting missing figures as none', () => {
    const totals = keyTotals([entry('b', 3, 1), entry('a', 10, 5), entry(null, 7, 7), entry('b', null, 2)]);
    expect(totals).toEqual([
      { keyName: 'b', requests: 2, promptTokens: 3, completionTokens: 3 },
      { keyName: 'a', requests: 1, promptTokens: 10, completionTokens: 5 },
    ]);
  });

  it('is empty for a log with no keyed request', () => {
    expect(keyTotals([entry(null, 1, 1)])).toEqual([]);
  });
});
