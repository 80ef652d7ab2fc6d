// The client-side copy of the model log: bounded, ordered by seq, without duplicates.
import type { LogLine } from '@shared/contract';

/** Lines kept in the renderer; the core keeps its own bounded tail. */
export const MAX_LOG_LINES = 5000;

/**
 * Append the lines newer than the last one held, then keep the newest `max`.
 * The first fetch and the live events overlap; seq says which lines are new.
 * Returns `existing` itself when nothing changes, so subscribers are not woken.
 */
export function appendLogLines(
  existing: readonly LogLine[],
  incoming: readonly LogLine[],
  max = MAX_LOG_LINES,
): readonly LogLine[] {
  let lastSeq = existing.at(-1)?.seq ?? Number.NEGATIVE_INFINITY;
  const fresh: LogLine[] = [];
  for (const line of incoming) {
    if (line.seq <= lastSeq) continue;
    fresh.push(line);
    lastSeq = line.seq;
  }
  if (fresh.length === 0) return existing;
  const merged = existing.length === 0 ? fresh : [...existing, ...fresh];
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}

/** Case-insensitive substring match; several words must all match. */
export function filterLogLines(lines: readonly LogLine[], query: string): readonly LogLine[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return lines;
  return lines.filter((line) => {
    const text = line.text.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The text put on the clipboard: one line per log line, as printed. */
export function logText(lines: readonly LogLine[]): string {
  return lines.map((line) => line.text).join('\n');
}
