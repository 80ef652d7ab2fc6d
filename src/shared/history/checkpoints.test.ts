import { describe, expect, it } from 'vitest';
import {
  checkpointHolds,
  checkpointInPlace,
  checkpointOnBranch,
  coveredHash,
  coverOf,
  holdingCheckpoints,
} from './checkpoints';
import { buildTree, pathTo } from './tree';
import type { StoredMessage, SummaryCheckpoint } from './types';

let clock = 0;
const message = (id: string, parentId: string | null, role: StoredMessage['role'], content: string): StoredMessage => ({
  id,
  parentId,
  role,
  content,
  status: 'complete',
  createdAt: ++clock,
  updatedAt: clock,
});

// q1 → a1 → q2 → a2 → q3 → a3, and two branches: q2b (an edit of q2, forking before a2) and q3b (after a2).
const base = [
  message('q1', null, 'user', 'Plan the trip to Lisbon'),
  message('a1', 'q1', 'assistant', 'Flights on 3 May, hotel Alfama'),
  message('q2', 'a1', 'user', 'Budget is 1200 EUR'),
  message('a2', 'q2', 'assistant', 'Noted: 1200 EUR'),
  message('q3', 'a2', 'user', 'What about trams?'),
  message('a3', 'q3', 'assistant', 'Tram 28'),
  message('q2b', 'a1', 'user', 'Budget is 900 EUR'),
  message('q3b', 'a2', 'user', 'And the museums?'),
];

function checkpoint(messages: readonly StoredMessage[], upToId: string): SummaryCheckpoint {
  const cover = coverOf(buildTree(messages), upToId);
  if (!cover) throw new Error(`no ${upToId}`);
  return { id: `cp-${upToId}`, ...cover, summary: 'Lisbon, 3 May, 1200 EUR', tokens: 9, createdAt: 1 };
}

describe('summary checkpoints', () => {
  it('cover the path from the root to their message, with its count and hash', () => {
    const tree = buildTree(base);
    const cp = checkpoint(base, 'a2');
    expect(cp.count).toBe(4);
    expect(cp.hash).toBe(coveredHash(pathTo(tree, 'a2')));
    expect(cp.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(checkpointHolds(tree, cp)).toBe(true);
    expect(coverOf(tree, 'missing')).toBeNull();
  });

  it('hash the roles and contents: another content, role or order is another hash', () => {
    const two = [
      { role: 'user' as const, content: 'a' },
      { role: 'assistant' as const, content: 'b' },
    ];
    const hash = coveredHash(two);
    expect(coveredHash([...two])).toBe(hash);
    expect(coveredHash([two[0]!, { role: 'assistant', content: 'c' }])).not.toBe(hash);
    expect(coveredHash([two[0]!, { role: 'user', content: 'b' }])).not.toBe(hash);
    expect(coveredHash([two[1]!, two[0]!])).not.toBe(hash);
    expect(coveredHash([{ role: 'user', content: [{ type: 'text', text: 'a' }] }, two[1]!])).not.toBe(hash);
  });

  it('apply to a send on any branch through their message, and not to a branch forking before it', () => {
    const tree = buildTree(base);
    const cp = checkpoint(base, 'a2');
    // The main branch, and a branch after a2: the summary stands in for the first four messages.
    expect(checkpointInPlace(tree, [cp], ['q1', 'a1', 'q2', 'a2', 'q3', 'a3'])).toEqual({ checkpoint: cp, covered: 4 });
    expect(checkpointInPlace(tree, [cp], ['q1', 'a1', 'q2', 'a2', 'q3b'])).toEqual({ checkpoint: cp, covered: 4 });
    // The branch of the edited q2 forks before a2: it never had this summary.
    expect(checkpointInPlace(tree, [cp], ['q1', 'a1', 'q2b'])).toBeNull();
    expect(checkpointOnBranch([cp], ['q1', 'a1', 'q2b'])).toBeNull();
    expect(checkpointOnBranch([cp], ['q1', 'a1', 'q2', 'a2', 'q3b'])).toEqual({ checkpoint: cp, index: 3 });
  });

  it('a send whose first messages are not the covered path does not get it', () => {
    const tree = buildTree(base);
    const cp = checkpoint(base, 'a2');
    // a2 is there, but a message before it comes from elsewhere.
    expect(checkpointInPlace(tree, [cp], ['q1', 'q2b', 'q2', 'a2', 'q3'])).toBeNull();
  });

  it('the deepest that holds wins', () => {
    const tree = buildTree(base);
    const early = checkpoint(base, 'a1');
    const late = checkpoint(base, 'a2');
    const ids = ['q1', 'a1', 'q2', 'a2', 'q3'];
    expect(checkpointInPlace(tree, [late, early], ids)).toEqual({ checkpoint: late, covered: 4 });
    expect(checkpointInPlace(tree, [early, late], ids)).toEqual({ checkpoint: late, covered: 4 });
    expect(checkpointOnBranch([late, early], ids)).toEqual({ checkpoint: late, index: 3 });
  });

  it('an edit in place of a covered message ends it; one after it does not', () => {
    const cp = checkpoint(base, 'a2');
    const early = checkpoint(base, 'a1');
    const edited = base.map((m) => (m.id === 'q2' ? { ...m, content: 'Budget is 2000 EUR', updatedAt: 99 } : m));
    const tree = buildTree(edited);
    expect(checkpointHolds(tree, cp)).toBe(false);
    expect(checkpointHolds(tree, early)).toBe(true);
    expect(holdingCheckpoints(tree, [early, cp])).toEqual([early]);
    // With the deeper one gone, the send gets the one that still holds.
    expect(checkpointInPlace(tree, [early, cp], ['q1', 'a1', 'q2', 'a2', 'q3'])).toEqual({
      checkpoint: early,
      covered: 2,
    });
    const later = base.map((m) => (m.id === 'a3' ? { ...m, content: 'Tram 28, or walk' } : m));
    expect(checkpointHolds(buildTree(later), cp)).toBe(true);
  });

  it('a removed covered message ends it, and so does its own message going', () => {
    const cp = checkpoint(base, 'a2');
    // q2 gone: a2 hangs off no parent and becomes a root, so its path is shorter.
    expect(checkpointHolds(buildTree(base.filter((m) => m.id !== 'q2')), cp)).toBe(false);
    expect(checkpointHolds(buildTree(base.filter((m) => m.id !== 'a2')), cp)).toBe(false);
  });
});
