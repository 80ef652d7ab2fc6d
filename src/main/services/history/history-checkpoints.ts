// The history's side of compaction: which summary checkpoint stands in for a
// send's saved messages, and a new one kept (checkpoints.json, written in the
// conversation's queue like every other write). The rules are the shared ones
// (@shared/history/checkpoints), so the page and the planner agree with the store.
import type { SavedMessages } from '@shared/chat/schemas';
import { historyFailure } from '@shared/history/errors';
import { checkpointInPlace, coverOf, holdingCheckpoints, type CheckpointInPlace } from '@shared/history/checkpoints';
import { buildTree } from '@shared/history/tree';
import type { SummaryCheckpoint } from '@shared/history/types';
import type { ConversationRepo } from './conversation-repo';

/** Checkpoints kept per conversation; each new one covers more, so the oldest matter least. */
const MAX_CHECKPOINTS = 32;

export interface CheckpointEntry {
  upToId: string;
  summary: string;
  tokens: number | null;
  model?: string;
}

export class HistoryCheckpoints {
  constructor(
    private readonly deps: {
      repo: ConversationRepo;
      now: () => number;
      /** a fresh id, already checked */
      newId: () => string;
      /** starts the store (its list index) before the first call */
      start: () => Promise<void>;
    },
  ) {}

  /**
   * The checkpoint that stands in for the first of these saved messages (checkpointInPlace); null when none does, and
   * for a conversation not written yet (its first send is still being made).
   */
  async inPlace(saved: SavedMessages): Promise<CheckpointInPlace | null> {
    await this.deps.start();
    const found = await this.deps.repo.withOptional(saved.conversationId, (state) =>
      state.checkpoints.length === 0
        ? null
        : checkpointInPlace(buildTree([...state.messages.values()]), state.checkpoints, saved.ids),
    );
    return found ?? null;
  }

  /** Keeps a summary of the path root → `upToId`; those that no longer hold are dropped with the write. */
  async add(conversationId: string, entry: CheckpointEntry): Promise<SummaryCheckpoint> {
    await this.deps.start();
    return this.deps.repo.with(conversationId, async (state) => {
      const title = state.meta.title || conversationId;
      if (state.checkpointsNewer)
        throw historyFailure(
          'history_read_only',
          `“${title}” has summaries from a newer EVA; this version does not change them.`,
          { conversationId },
        );
      const tree = buildTree([...state.messages.values()]);
      const cover = coverOf(tree, entry.upToId);
      if (!cover) throw historyFailure('history_bad_request', `Message ${entry.upToId} does not exist.`);
      const checkpoint: SummaryCheckpoint = {
        id: this.deps.newId(),
        ...cover,
        summary: entry.summary,
        tokens: entry.tokens,
        ...(entry.model ? { model: entry.model } : {}),
        createdAt: this.deps.now(),
      };
      const kept = [...holdingCheckpoints(tree, state.checkpoints), checkpoint].slice(-MAX_CHECKPOINTS);
      await this.deps.repo.commitCheckpoints(state, kept);
      return checkpoint;
    });
  }
}
