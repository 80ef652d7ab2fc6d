// The sidebar's sections: pinned first, then by how long ago a conversation
// last changed, in the user's local calendar (not 24-hour windows).
import type { ConversationSummary } from '@shared/history/types';

export type DateGroup = 'pinned' | 'today' | 'yesterday' | 'week' | 'month' | 'older';

export type HistoryRow = { kind: 'header'; group: DateGroup } | { kind: 'conversation'; summary: ConversationSummary };

const DAY_MS = 86_400_000;

function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

export function dateGroupOf(summary: Pick<ConversationSummary, 'pinned' | 'updatedAt'>, now: number): DateGroup {
  if (summary.pinned) return 'pinned';
  const today = startOfDay(now);
  if (summary.updatedAt >= today) return 'today';
  if (summary.updatedAt >= today - DAY_MS) return 'yesterday';
  if (summary.updatedAt >= today - 7 * DAY_MS) return 'week';
  if (summary.updatedAt >= today - 30 * DAY_MS) return 'month';
  return 'older';
}

/** Rows for the virtual list: a header before each group, conversations newest first within it. */
export function groupRows(summaries: readonly ConversationSummary[], now: number): HistoryRow[] {
  const order: DateGroup[] = ['pinned', 'today', 'yesterday', 'week', 'month', 'older'];
  const groups = new Map<DateGroup, ConversationSummary[]>();
  for (const summary of summaries) {
    const group = dateGroupOf(summary, now);
    const list = groups.get(group) ?? [];
    list.push(summary);
    groups.set(group, list);
  }
  const rows: HistoryRow[] = [];
  for (const group of order) {
    const list = groups.get(group);
    if (!list) continue;
    rows.push({ kind: 'header', group });
    for (const summary of [...list].sort((a, b) => b.updatedAt - a.updatedAt))
      rows.push({ kind: 'conversation', summary });
  }
  return rows;
}
