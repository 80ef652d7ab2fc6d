// The Local API's request log: the newest entries in memory (bounded), and the
// figures per key over what is kept.
import { keyTotals } from '@shared/local-api/key-totals';
import type { LocalApiKeyTotals, LocalApiLogEntry } from '@shared/local-api/local-api-types';

export const LOG_ENTRIES = 500;

export class RequestLog {
  private readonly entries: LocalApiLogEntry[] = [];
  private nextId = 1;

  constructor(private readonly limit = LOG_ENTRIES) {}

  add(entry: Omit<LocalApiLogEntry, 'id'>): LocalApiLogEntry {
    const kept = { ...entry, id: this.nextId++ };
    this.entries.push(kept);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    return kept;
  }

  /** One kept entry, with its bodies; undefined once it has left the log. */
  get(id: number): LocalApiLogEntry | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  /** Newest first. */
  list(): LocalApiLogEntry[] {
    return [...this.entries].reverse();
  }

  totals(): LocalApiKeyTotals[] {
    return keyTotals(this.entries);
  }
}
