// The request log as the page keeps it between two reads: each answered request
// (the `local-api:request` event) goes on top, and its key's totals grow by its
// figures, as the core's own totals would. Pure.
import type { LocalApiKeyTotals, LocalApiLogEntry } from '@shared/local-api/local-api-types';

/** As many as the core keeps (request-log.ts), so a long session's page holds what a fresh read would show. */
export const LOG_ROWS = 500;

/** The log with `entry` first (an entry seen already is replaced, not repeated). */
export function withEntry(
  entries: readonly LocalApiLogEntry[],
  entry: LocalApiLogEntry,
  limit = LOG_ROWS,
): LocalApiLogEntry[] {
  return [entry, ...entries.filter((kept) => kept.id !== entry.id)].slice(0, limit);
}

/** The totals with `entry` counted in; a request without a valid key counts for no key. */
export function withTotals(totals: readonly LocalApiKeyTotals[], entry: LocalApiLogEntry): LocalApiKeyTotals[] {
  if (entry.keyName === null) return [...totals];
  const add = (total: LocalApiKeyTotals): LocalApiKeyTotals => ({
    keyName: total.keyName,
    requests: total.requests + 1,
    promptTokens: total.promptTokens + (entry.promptTokens ?? 0),
    completionTokens: total.completionTokens + (entry.completionTokens ?? 0),
  });
  if (!totals.some((total) => total.keyName === entry.keyName))
    return [...totals, add({ keyName: entry.keyName, requests: 0, promptTokens: 0, completionTokens: 0 })];
  return totals.map((total) => (total.keyName === entry.keyName ? add(total) : total));
}
