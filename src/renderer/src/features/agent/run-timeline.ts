// What a run looks like on screen, in reading order: what the model said in a
// turn, then that turn's calls. A call that went through an approval card is
// shown once: as the card while it waits or runs, as its step once it is done
// (the step keeps the card, to say who allowed it).
import type { AgentStep } from '@shared/tools/agent/agent-types';
import { withoutToolCalls } from '@shared/tools/agent/tool-call-text';
import type { AgentRunState, ApprovalCardModel } from './agent-runs';

export type TimelineItem =
  | { kind: 'said'; turn: number; text: string }
  | { kind: 'step'; step: AgentStep; card: ApprovalCardModel | null }
  | { kind: 'card'; card: ApprovalCardModel };

export function runTimeline(run: Pick<AgentRunState, 'entries'>): TimelineItem[] {
  const cardsDone = new Map<string, ApprovalCardModel>();
  const stepOfCard = new Set<string>();
  for (const entry of run.entries) {
    if (entry.kind === 'card') cardsDone.set(entry.card.request.askId, entry.card);
    else if (entry.step.askId !== undefined) stepOfCard.add(entry.step.askId);
  }
  const saidTurns = new Set<number>();
  const items: TimelineItem[] = [];
  const say = (turn: number | undefined, text: string | undefined): void => {
    if (turn === undefined || !text || saidTurns.has(turn)) return;
    saidTurns.add(turn);
    items.push({ kind: 'said', turn, text });
  };
  for (const entry of run.entries) {
    if (entry.kind === 'card') {
      if (stepOfCard.has(entry.card.request.askId)) continue;
      say(entry.card.request.turn, entry.card.request.said);
      items.push({ kind: 'card', card: entry.card });
    } else {
      const { step } = entry;
      const card = step.askId !== undefined ? (cardsDone.get(step.askId) ?? null) : null;
      say(step.turn, step.said ?? card?.request.said);
      items.push({ kind: 'step', step, card });
    }
  }
  return items;
}

/** Whether the run already shows what the model said in this turn (the live text of that turn then goes). */
export function showsTurn(items: readonly TimelineItem[], turn: number): boolean {
  return items.some(
    (item) =>
      (item.kind === 'said' ? item.turn : item.kind === 'step' ? item.step.turn : item.card.request.turn) === turn,
  );
}

/**
 * The streaming turn's text as the answer body shows it while a run goes on: without
 * tool-call markup, and not at all once the run shows that turn's text above its call.
 * `turn` is the stream being received, `<runId>:<n>`.
 */
export function liveTurnText(run: Pick<AgentRunState, 'entries'> | null, turn: string | null, content: string): string {
  const n = turn === null ? Number.NaN : Number(turn.slice(turn.lastIndexOf(':') + 1));
  if (run && Number.isInteger(n) && showsTurn(runTimeline(run), n)) return '';
  return withoutToolCalls(content);
}
