// The history list's roving tab stop (WAI-ARIA "roving tabindex"): the list is one stop
// in the Tab order, at one row; arrows, Home and End move that row. Pure, so the
// rules are tested without a DOM; the views keep the ids in the order shown.

/** Keys that move the list's cursor. */
export type RovingKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

export function isRovingKey(key: string): key is RovingKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End';
}

/**
 * The row that takes the Tab stop: the one the keyboard last moved to, while it is still
 * listed; else the open conversation; else the first row. null when the list is empty.
 */
export function tabStop(ids: readonly string[], cursor: string | null, active: string | null): string | null {
  if (cursor !== null && ids.includes(cursor)) return cursor;
  if (active !== null && ids.includes(active)) return active;
  return ids[0] ?? null;
}

/** Where a key moves the cursor from `from`; it stops at the ends rather than wrapping, as a list does. */
export function moveCursor(ids: readonly string[], from: string | null, key: RovingKey): string | null {
  if (ids.length === 0) return null;
  const last = ids.length - 1;
  const at = from === null ? -1 : ids.indexOf(from);
  switch (key) {
    case 'Home':
      return ids[0] ?? null;
    case 'End':
      return ids[last] ?? null;
    case 'ArrowDown':
      return ids[at < 0 ? 0 : Math.min(at + 1, last)] ?? null;
    case 'ArrowUp':
      return ids[at < 0 ? 0 : Math.max(at - 1, 0)] ?? null;
  }
}

/** The row that takes the cursor when `removed` leaves the list: the next one, else the one before, else none. */
export function neighbourAfterRemoval(ids: readonly string[], removed: string): string | null {
  const at = ids.indexOf(removed);
  if (at < 0) return null;
  return ids[at + 1] ?? ids[at - 1] ?? null;
}
