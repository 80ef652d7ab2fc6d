// A conversation's `checkpoints.json`: the summaries that stand in for its older
// messages (@shared/history/checkpoints). A file of its own, replaced atomically
// like meta.json, so a conversation without one (every conversation from before
// summaries, and every one never compacted) opens as it always did, and an older
// EVA, which does not know the file, leaves it alone.
import { parseCheckpointFile } from '@shared/history/checkpoint-schema';
import type { HistoryNotice, SummaryCheckpoint } from '@shared/history/types';
import { errno } from './history-errno';
import type { HistoryFs } from './history-fs';

export interface CheckpointsRead {
  checkpoints: SummaryCheckpoint[];
  /** from a newer EVA: not used, never rewritten */
  newer: boolean;
  /** what the user is told when some could not be read (they are written again when a send needs them) */
  notice: Omit<HistoryNotice, 'conversationId'> | null;
}

export async function readCheckpoints(fs: HistoryFs, path: string): Promise<CheckpointsRead> {
  let text: string;
  try {
    text = (await fs.readFile(path)).toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { checkpoints: [], newer: false, notice: null };
    // The messages are what matters: a summary that cannot be read is written again when it is needed.
    return { checkpoints: [], newer: false, notice: unreadable(`could not be read (${errno(error)})`) };
  }
  const reading = parseCheckpointFile(text);
  return {
    checkpoints: reading.checkpoints,
    newer: reading.newer,
    notice: reading.damaged > 0 ? unreadable(`had ${reading.damaged} damaged part(s)`) : null,
  };
}

function unreadable(what: string): Omit<HistoryNotice, 'conversationId'> {
  return {
    level: 'info',
    code: 'history_recovered',
    message: `A conversation's summaries ${what}; its messages are intact, and are summarised again when needed.`,
  };
}
