// Reciprocal rank fusion: one list from the vector side and the full-text side,
// each item scored Σ 1 / (k + rank). Ranks, not raw scores, are added, because a
// cosine similarity and a BM25 score are on scales that cannot be compared. Pure.

/** The constant of Cormack et al. (2009); larger k flattens the head of each list. */
export const RRF_K = 60;

export interface Fused<T> {
  item: T;
  score: number;
  /** 1-based rank on each side, null where that side did not find it */
  ranks: (number | null)[];
}

/** Merge ranked lists (best first) of items with ids; ties keep the order of the first list that has the item. */
export function fuseRanks<T>(lists: readonly (readonly T[])[], idOf: (item: T) => string, k = RRF_K): Fused<T>[] {
  const byId = new Map<string, Fused<T> & { order: number }>();
  let order = 0;
  for (const [side, list] of lists.entries()) {
    for (const [index, item] of list.entries()) {
      const id = idOf(item);
      let entry = byId.get(id);
      if (!entry) {
        entry = { item, score: 0, ranks: lists.map(() => null), order: order++ };
        byId.set(id, entry);
      }
      if (entry.ranks[side] !== null) continue;
      entry.ranks[side] = index + 1;
      entry.score += 1 / (k + index + 1);
    }
  }
  return [...byId.values()]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ item, score, ranks }) => ({ item, score, ranks }));
}
