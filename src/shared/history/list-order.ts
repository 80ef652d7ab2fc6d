// The history list's order, kept by the core's index and by the page when it
// patches its copy with the conversations that changed: pinned first, then the
// newest first (the same moment: by id, so both ends agree).
import type { ConversationSummary } from './types';

export function listOrder(a: ConversationSummary, b: ConversationSummary): number {
  return Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** `list` with the conversations `ids` as `fresh` has them now (one missing from `fresh` was deleted), in order. */
export function patchList(
  list: readonly ConversationSummary[],
  ids: readonly string[],
  fresh: readonly ConversationSummary[],
): ConversationSummary[] {
  const changed = new Set(ids);
  return [
    ...list.filter((summary) => !changed.has(summary.id)),
    ...fresh.filter((summary) => changed.has(summary.id)),
  ].sort(listOrder);
}
