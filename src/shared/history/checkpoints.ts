// The rules of a summary checkpoint (SummaryCheckpoint, types.ts): it covers the
// path from the root up to one message, so it stands in for those messages on
// every branch whose path goes through that message ("a branch keeps its own":
// one forking after it keeps the summary, one forking before it never had it).
// It holds only while the covered messages are what was summarised: their roles
// and contents hash to what was stored, so an edit in place or a removed message
// ends it. Pure, so the store, the planner and the page agree.
import { pathTo, type MessageTree } from './tree';
import type { StoredMessage, SummaryCheckpoint } from './types';

type Covered = Pick<StoredMessage, 'role' | 'content'>;

/**
 * A hash of the messages' roles and contents, in order: two FNV-1a passes with different offsets, 64 bits in all. It
 * tells an edit from none, which is all it is for; nobody gains by forging one.
 */
export function coveredHash(messages: readonly Covered[]): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ messages.length;
  for (const message of messages) {
    const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
    const text = `${message.role}\u0000${content}\u0001`;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
    }
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}`;
}

/** What a new checkpoint up to `upToId` records of the path it covers; null when the message is not in the tree. */
export function coverOf(
  tree: MessageTree,
  upToId: string,
): Pick<SummaryCheckpoint, 'upToId' | 'count' | 'hash'> | null {
  const path = pathTo(tree, upToId);
  if (path.at(-1)?.id !== upToId) return null;
  return { upToId, count: path.length, hash: coveredHash(path) };
}

/** The checkpoint still covers what was summarised: the same path, the same roles and contents. */
export function checkpointHolds(tree: MessageTree, checkpoint: SummaryCheckpoint): boolean {
  const cover = coverOf(tree, checkpoint.upToId);
  return cover !== null && cover.count === checkpoint.count && cover.hash === checkpoint.hash;
}

/** The checkpoints that still hold, in the order they were made. */
export function holdingCheckpoints(tree: MessageTree, checkpoints: readonly SummaryCheckpoint[]): SummaryCheckpoint[] {
  return checkpoints.filter((checkpoint) => checkpointHolds(tree, checkpoint));
}

/** A checkpoint standing in for the first `covered` messages of a send. */
export interface CheckpointInPlace {
  checkpoint: SummaryCheckpoint;
  covered: number;
}

/**
 * The checkpoint that stands in for the start of a send, the one covering most: `ids[i]` is the saved message the
 * send's message i was made from (the last one, where the page merged two). It applies when its last message is one of
 * them and every message before it in the send is on the path it covers.
 */
export function checkpointInPlace(
  tree: MessageTree,
  checkpoints: readonly SummaryCheckpoint[],
  ids: readonly string[],
): CheckpointInPlace | null {
  let best: CheckpointInPlace | null = null;
  for (const checkpoint of checkpoints) {
    const index = ids.lastIndexOf(checkpoint.upToId);
    if (index < 0 || (best && index + 1 <= best.covered) || !checkpointHolds(tree, checkpoint)) continue;
    const onPath = new Set(pathTo(tree, checkpoint.upToId).map((message) => message.id));
    if (ids.slice(0, index + 1).every((id) => onPath.has(id))) best = { checkpoint, covered: index + 1 };
  }
  return best;
}

/**
 * On a branch shown as these message ids (root first), the checkpoint in effect and the index of its last message:
 * the deepest one whose message is on it. The page's view of it; the checkpoints are those the core said still hold.
 */
export function checkpointOnBranch<T extends Pick<SummaryCheckpoint, 'upToId'>>(
  checkpoints: readonly T[],
  branch: readonly string[],
): { checkpoint: T; index: number } | null {
  let best: { checkpoint: T; index: number } | null = null;
  for (const checkpoint of checkpoints) {
    const index = branch.indexOf(checkpoint.upToId);
    if (index >= 0 && (!best || index > best.index)) best = { checkpoint, index };
  }
  return best;
}
