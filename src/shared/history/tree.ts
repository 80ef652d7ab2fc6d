// The conversation tree: every message names its parent, so an
// edited question or a regenerated answer is a sibling, never an overwrite.
// The branch shown — and sent to the model — is the path from a root to the
// active leaf. Pure functions over a built index so the renderer and the store
// agree on what "active" means.
import type { ConversationMeta, MessageContent, NewMessage, StoredMessage } from './types';

export interface MessageTree {
  byId: ReadonlyMap<string, StoredMessage>;
  /** effective parent: a missing or cyclic parent is treated as a root so no message becomes unreachable */
  parentOf: ReadonlyMap<string, string | null>;
  /** children of each message (null: the roots), oldest first */
  children: ReadonlyMap<string | null, readonly StoredMessage[]>;
  /** position in write order, the tie-breaker of equal timestamps */
  order: ReadonlyMap<string, number>;
}

export function buildTree(messages: readonly StoredMessage[]): MessageTree {
  const byId = new Map<string, StoredMessage>();
  const order = new Map<string, number>();
  for (const message of messages) {
    if (!order.has(message.id)) order.set(message.id, order.size);
    byId.set(message.id, message);
  }
  const parentOf = new Map<string, string | null>();
  for (const message of byId.values()) {
    const parent = message.parentId;
    parentOf.set(message.id, parent !== null && parent !== message.id && byId.has(parent) ? parent : null);
  }
  breakCycles(byId, parentOf, order);
  const children = new Map<string | null, StoredMessage[]>();
  const sorted = [...byId.values()].sort(
    (a, b) => a.createdAt - b.createdAt || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
  );
  for (const message of sorted) {
    const parent = parentOf.get(message.id) ?? null;
    const list = children.get(parent);
    if (list) list.push(message);
    else children.set(parent, [message]);
  }
  return { byId, parentOf, children, order };
}

// A damaged file can make A the parent of B and B the parent of A; such a loop
// hangs off no root. Cut it at its earliest-written member, which becomes a root.
function breakCycles(
  byId: Map<string, StoredMessage>,
  parentOf: Map<string, string | null>,
  order: Map<string, number>,
): void {
  const state = new Map<string, 'visiting' | 'done'>();
  for (const start of [...byId.keys()].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))) {
    const trail: string[] = [];
    let cursor: string | null = start;
    while (cursor !== null && !state.has(cursor)) {
      state.set(cursor, 'visiting');
      trail.push(cursor);
      cursor = parentOf.get(cursor) ?? null;
    }
    if (cursor !== null && state.get(cursor) === 'visiting') {
      const loop = trail.slice(trail.indexOf(cursor));
      const earliest = loop.reduce((a, b) => ((order.get(a) ?? 0) <= (order.get(b) ?? 0) ? a : b));
      parentOf.set(earliest, null);
    }
    for (const id of trail) state.set(id, 'done');
  }
}

/** Messages from the root down to `leafId`, inclusive; empty when the id is unknown. */
export function pathTo(tree: MessageTree, leafId: string | null): StoredMessage[] {
  const path: StoredMessage[] = [];
  let cursor = leafId;
  while (cursor !== null) {
    const message = tree.byId.get(cursor);
    if (!message) break;
    path.push(message);
    cursor = tree.parentOf.get(cursor) ?? null;
  }
  return path.reverse();
}

function isNewer(tree: MessageTree, a: StoredMessage, b: StoredMessage): boolean {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return (tree.order.get(a.id) ?? 0) > (tree.order.get(b.id) ?? 0);
}

/** The most recently updated leaf at or under `id` (null: anywhere); null when the tree is empty. */
export function newestLeafUnder(tree: MessageTree, id: string | null): string | null {
  let best: StoredMessage | null = null;
  const stack: StoredMessage[] =
    id === null ? [...(tree.children.get(null) ?? [])] : tree.byId.has(id) ? [tree.byId.get(id) as StoredMessage] : [];
  while (stack.length > 0) {
    const message = stack.pop() as StoredMessage;
    const kids = tree.children.get(message.id);
    if (kids && kids.length > 0) stack.push(...kids);
    else if (!best || isNewer(tree, message, best)) best = message;
  }
  return best ? best.id : null;
}

/**
 * The leaf shown: the newest leaf under the branch the user last picked, unless
 * something was written after that pick — then the newest leaf overall, which is
 * where the user has been working since.
 */
export function resolveActiveLeaf(
  tree: MessageTree,
  selection: Pick<ConversationMeta, 'activeLeafId' | 'activeSetAt'>,
): string | null {
  const newest = newestLeafUnder(tree, null);
  const picked = selection.activeLeafId;
  if (picked === null || !tree.byId.has(picked) || newest === null) return newest;
  const newestMessage = tree.byId.get(newest) as StoredMessage;
  if (newestMessage.updatedAt > selection.activeSetAt) return newest;
  return newestLeafUnder(tree, picked);
}

/** The message's siblings (itself included), oldest first, and its position: the UI shows `‹ index+1/total ›`. */
export function siblingsOf(tree: MessageTree, id: string): { ids: string[]; index: number } {
  if (!tree.byId.has(id)) return { ids: [], index: -1 };
  const ids = (tree.children.get(tree.parentOf.get(id) ?? null) ?? []).map((m) => m.id);
  return { ids, index: ids.indexOf(id) };
}

/**
 * Moving `step` siblings away from `id` (‹ is -1, › is +1): the sibling reached and the
 * newest leaf under it, which becomes the active leaf. Null at either end.
 */
export function switchSibling(
  tree: MessageTree,
  id: string,
  step: number,
): { messageId: string; leafId: string } | null {
  const { ids, index } = siblingsOf(tree, id);
  const target = index < 0 ? undefined : ids[index + step];
  if (target === undefined) return null;
  return { messageId: target, leafId: newestLeafUnder(tree, target) ?? target };
}

/** The new user message an edit creates: a sibling of the edited one, so the old branch stays. */
export function editedMessage(tree: MessageTree, messageId: string, content: MessageContent): NewMessage | null {
  const original = tree.byId.get(messageId);
  if (!original) return null;
  const edited: NewMessage = { parentId: tree.parentOf.get(messageId) ?? null, role: original.role, content };
  if (original.extra) edited.extra = original.extra;
  return edited;
}

/**
 * Where a regenerated answer goes: under the same parent as `messageId` (so it is
 * a new sibling), and the history to send — the path down to that parent.
 */
export function regenerationPoint(
  tree: MessageTree,
  messageId: string,
): { parentId: string | null; history: StoredMessage[] } | null {
  if (!tree.byId.has(messageId)) return null;
  const parentId = tree.parentOf.get(messageId) ?? null;
  return { parentId, history: pathTo(tree, parentId) };
}
