// The conversation's tree as the chat view needs it: which messages are
// siblings (an edit or a regeneration adds one), so a row can show
// ‹ 2/3 ›. Pure tree operations; saved-items.ts turns a saved conversation into rows.
import type { StoredMessage } from '@shared/history/types';

/** Children of each message, oldest first; roots are under ROOT. */
export type Branches = ReadonlyMap<string, readonly string[]>;

export const ROOT = '';
export const NO_BRANCHES: Branches = new Map();

export function parentKey(parentId: string | null): string {
  return parentId ?? ROOT;
}

export function addChild(branches: Branches, parentId: string | null, id: string): Branches {
  const key = parentKey(parentId);
  const siblings = branches.get(key) ?? [];
  if (siblings.includes(id)) return branches;
  return new Map(branches).set(key, [...siblings, id]);
}

export function branchesOf(messages: readonly Pick<StoredMessage, 'id' | 'parentId' | 'createdAt'>[]): Branches {
  const out = new Map<string, string[]>();
  const ordered = [...messages].sort((a, b) => a.createdAt - b.createdAt);
  for (const message of ordered) {
    const key = parentKey(message.parentId);
    const list = out.get(key) ?? [];
    list.push(message.id);
    out.set(key, list);
  }
  return out;
}

/** Where `id` stands among its siblings; null when it has none. */
export function siblingPosition(
  branches: Branches,
  parentId: string | null,
  id: string,
): { index: number; count: number; ids: readonly string[] } | null {
  const ids = branches.get(parentKey(parentId)) ?? [];
  const index = ids.indexOf(id);
  return ids.length > 1 && index >= 0 ? { index, count: ids.length, ids } : null;
}
