// The figures per key over a run of log entries: the core's request log and the
// in-memory platform's add them up the same way.
import type { LocalApiKeyTotals, LocalApiLogEntry } from './local-api-types';

/** Requests and tokens of each key, in the order the keys first appear; requests with no valid key are left out. */
export function keyTotals(entries: readonly LocalApiLogEntry[]): LocalApiKeyTotals[] {
  const byKey = new Map<string, LocalApiKeyTotals>();
  for (const entry of entries) {
    if (entry.keyName === null) continue;
    const totals = byKey.get(entry.keyName) ?? {
      keyName: entry.keyName,
      requests: 0,
      promptTokens: 0,
      completionTokens: 0,
    };
    totals.requests += 1;
    totals.promptTokens += entry.promptTokens ?? 0;
    totals.completionTokens += entry.completionTokens ?? 0;
    byKey.set(entry.keyName, totals);
  }
  return [...byKey.values()];
}
