// The summaries of the open conversation as the page shows them: where the one
// in effect on the branch on screen ends (the transcript marks what it stands
// for), and its text to read. The core says which checkpoints still hold (on
// open, and in every plan it makes); the page only finds the one on its branch
// (@shared/history/checkpoints).
import type { StoreApi } from 'zustand/vanilla';
import { checkpointOnBranch } from '@shared/history/checkpoints';
import type { PlannedSummary } from '@shared/chat/send-plan';
import type { OpenedConversation, SummaryCheckpoint } from '@shared/history/types';
import type { ChatItem } from './conversation';

/** A summary checkpoint as the page keeps it. */
export type PageSummary = Pick<SummaryCheckpoint, 'id' | 'upToId' | 'summary'>;

export function summariesOf(opened: Pick<OpenedConversation, 'checkpoints'>): PageSummary[] {
  return (opened.checkpoints ?? []).map(({ id, upToId, summary }) => ({ id, upToId, summary }));
}

/** A summary a plan or a Compact brought that the page did not have yet (written for a send, or elsewhere). */
export function rememberSummary(
  store: StoreApi<readonly PageSummary[]>,
  summary: PlannedSummary | PageSummary | undefined,
): void {
  if (!summary) return;
  const page: PageSummary =
    'checkpointId' in summary ? { id: summary.checkpointId, upToId: summary.upToId, summary: summary.text } : summary;
  if (store.getState().some((known) => known.id === page.id)) return;
  store.setState((known) => [...known, page], true);
}

/** The summary in effect on these items, and the index of the last item it covers; null when none is. */
export function summaryOnItems(
  summaries: readonly PageSummary[],
  items: readonly ChatItem[],
): { summary: PageSummary; index: number } | null {
  if (summaries.length === 0) return null;
  const found = checkpointOnBranch(
    summaries,
    items.map((item) => item.id),
  );
  return found ? { summary: found.checkpoint, index: found.index } : null;
}
