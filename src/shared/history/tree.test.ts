import { describe, expect, it } from 'vitest';
import {
  buildTree,
  editedMessage,
  newestLeafUnder,
  pathTo,
  regenerationPoint,
  resolveActiveLeaf,
  siblingsOf,
  switchSibling,
} from './tree';
import type { StoredMessage } from './types';

let clock = 0;
function msg(id: string, parentId: string | null, role: StoredMessage['role'] = 'user', at = ++clock): StoredMessage {
  return { id, parentId, role, content: id, status: 'complete', createdAt: at, updatedAt: at };
}

// u1 ─ a1 ─ u2 ─ a2
//         └ u2b ─ a2b        (an edit of u2)
//   └ a1b                    (a regeneration of a1)
function sample(): StoredMessage[] {
  clock = 0;
  return [
    msg('u1', null),
    msg('a1', 'u1', 'assistant'),
    msg('u2', 'a1'),
    msg('a2', 'u2', 'assistant'),
    msg('u2b', 'a1'),
    msg('a2b', 'u2b', 'assistant'),
    msg('a1b', 'u1', 'assistant'),
  ];
}

const ids = (messages: StoredMessage[]): string[] => messages.map((m) => m.id);

describe('conversation tree', () => {
  it('walks the path from a root to a leaf', () => {
    const tree = buildTree(sample());
    expect(ids(pathTo(tree, 'a2b'))).toEqual(['u1', 'a1', 'u2b', 'a2b']);
    expect(pathTo(tree, null)).toEqual([]);
    expect(pathTo(tree, 'nope')).toEqual([]);
  });

  it('numbers siblings oldest first', () => {
    const tree = buildTree(sample());
    expect(siblingsOf(tree, 'u2b')).toEqual({ ids: ['u2', 'u2b'], index: 1 });
    expect(siblingsOf(tree, 'a1')).toEqual({ ids: ['a1', 'a1b'], index: 0 });
    expect(siblingsOf(tree, 'u1')).toEqual({ ids: ['u1'], index: 0 });
  });

  it('switching to a sibling lands on the most recently updated leaf under it', () => {
    const messages = sample();
    // Touch a2 after everything else: it is the newest leaf under u2.
    const a2 = messages.find((m) => m.id === 'a2') as StoredMessage;
    a2.updatedAt = 100;
    const tree = buildTree(messages);
    expect(switchSibling(tree, 'u2b', -1)).toEqual({ messageId: 'u2', leafId: 'a2' });
    expect(switchSibling(tree, 'u2', +1)).toEqual({ messageId: 'u2b', leafId: 'a2b' });
    expect(switchSibling(tree, 'u2', -1)).toBeNull();
    expect(switchSibling(tree, 'u2b', +1)).toBeNull();
    expect(newestLeafUnder(tree, 'a1')).toBe('a2');
  });

  it('follows the newest leaf unless the user picked a branch after it', () => {
    const tree = buildTree(sample());
    expect(resolveActiveLeaf(tree, { activeLeafId: null, activeSetAt: 0 })).toBe('a1b');
    expect(resolveActiveLeaf(tree, { activeLeafId: 'a2', activeSetAt: 50 })).toBe('a2');
    // Something written after the pick wins: that is where the user has been working since.
    expect(resolveActiveLeaf(tree, { activeLeafId: 'a2', activeSetAt: 5 })).toBe('a1b');
    // A pick of a message that has since been continued resolves to the leaf under it.
    expect(resolveActiveLeaf(tree, { activeLeafId: 'u2b', activeSetAt: 50 })).toBe('a2b');
    expect(resolveActiveLeaf(tree, { activeLeafId: 'gone', activeSetAt: 50 })).toBe('a1b');
  });

  it('an edit is a new sibling of the edited message, keeping the old branch', () => {
    const tree = buildTree(sample());
    expect(editedMessage(tree, 'u2', 'better question')).toEqual({
      parentId: 'a1',
      role: 'user',
      content: 'better question',
    });
    expect(editedMessage(tree, 'missing', 'x')).toBeNull();
  });

  it('a regeneration goes under the same parent, with the history up to it', () => {
    const tree = buildTree(sample());
    const point = regenerationPoint(tree, 'a2');
    expect(point?.parentId).toBe('u2');
    expect(ids(point?.history ?? [])).toEqual(['u1', 'a1', 'u2']);
    expect(regenerationPoint(tree, 'u1')).toEqual({ parentId: null, history: [] });
  });

  it('keeps messages with a missing parent or a parent loop reachable as roots', () => {
    clock = 0;
    const tree = buildTree([msg('x', 'y'), msg('y', 'x'), msg('orphan', 'lost'), msg('self', 'self')]);
    expect(ids([...(tree.children.get(null) ?? [])]).sort()).toEqual(['orphan', 'self', 'x']);
    expect(ids(pathTo(tree, 'y'))).toEqual(['x', 'y']);
  });

  it('later lines for the same id replace the earlier version', () => {
    clock = 0;
    const first = msg('a', null);
    const tree = buildTree([first, { ...first, content: 'v2', updatedAt: 9 }]);
    expect(tree.byId.get('a')?.content).toBe('v2');
    expect(tree.children.get(null)).toHaveLength(1);
  });
});
