// The visible state of agent runs, as pure transitions: steps and approval
// cards in the order they arrived, what the user answered, how the run ended.
// The store applies these to events and call results; tests apply them alone.
import type { AgentEnd, AgentProtocolReport, AgentStep, ConsentRequest } from '@shared/tools/agent/agent-types';
import type { ConsentAnswer } from '@shared/tools/consent';
import type { LiveRun } from '@shared/chat/live-run';
import type { AppError } from '../../platform/types';

/** One of the user's answers on an approval card. */
export type ConsentChoice = ConsentAnswer['kind'];

/** pending: waiting for the user; sending: answer on its way; answered; cancelled: the run stopped first. */
export type CardState = 'pending' | 'sending' | 'answered' | 'cancelled';

/** An approval card and what became of it. */
export interface ApprovalCardModel {
  request: ConsentRequest;
  state: CardState;
  /** what the user chose, once answered */
  answer: ConsentAnswer | null;
  /** why the last answer could not be delivered; the card stays pending */
  error: AppError | null;
}

/** A run's timeline: steps and cards interleaved as they happened. */
export type RunEntry = { kind: 'step'; step: AgentStep } | { kind: 'card'; card: ApprovalCardModel };

export interface AgentRunState {
  runId: string;
  conversationId: string | null;
  running: boolean;
  end: AgentEnd | null;
  /** the run as a whole failed (bad request, lost connection) */
  error: AppError | null;
  entries: readonly RunEntry[];
  /** tools allowed "for this conversation", as the run knows it */
  allowed: readonly string[];
  /** which tool protocol the run spoke; known when it ends */
  protocol: AgentProtocolReport | null;
}

export function newRun(runId: string, conversationId: string | null, allowed: readonly string[]): AgentRunState {
  return {
    runId,
    conversationId,
    running: true,
    end: null,
    error: null,
    entries: [],
    allowed: [...allowed],
    protocol: null,
  };
}

/** A step event; one with an index already shown replaces it (a replayed event must not double a card). */
export function addStep(run: AgentRunState, step: AgentStep): AgentRunState {
  const at = run.entries.findIndex((entry) => entry.kind === 'step' && entry.step.index === step.index);
  if (at === -1) return { ...run, entries: [...run.entries, { kind: 'step', step }] };
  return { ...run, entries: run.entries.map((entry, i) => (i === at ? { kind: 'step', step } : entry)) };
}

export function addCard(run: AgentRunState, request: ConsentRequest): AgentRunState {
  if (findCard(run, request.askId)) return run;
  // A card that arrives after the run ended can never be answered: show it as cancelled rather than as a live question.
  const card: ApprovalCardModel = { request, state: run.running ? 'pending' : 'cancelled', answer: null, error: null };
  return { ...run, entries: [...run.entries, { kind: 'card', card }] };
}

export function findCard(run: AgentRunState, askId: string): ApprovalCardModel | null {
  for (const entry of run.entries) if (entry.kind === 'card' && entry.card.request.askId === askId) return entry.card;
  return null;
}

export function updateCard(
  run: AgentRunState,
  askId: string,
  change: (card: ApprovalCardModel) => ApprovalCardModel,
): AgentRunState {
  return {
    ...run,
    entries: run.entries.map((entry) =>
      entry.kind === 'card' && entry.card.request.askId === askId ? { kind: 'card', card: change(entry.card) } : entry,
    ),
  };
}

/** Every card still waiting goes: the run no longer listens for its answer. */
export function cancelOpenCards(run: AgentRunState): AgentRunState {
  if (!hasOpenCard(run)) return run;
  return {
    ...run,
    entries: run.entries.map((entry) =>
      entry.kind === 'card' && isOpen(entry.card)
        ? { kind: 'card', card: { ...entry.card, state: 'cancelled', error: null } }
        : entry,
    ),
  };
}

export function isOpen(card: ApprovalCardModel): boolean {
  return card.state === 'pending' || card.state === 'sending';
}

/** The run waits for the user: one of its cards is open. */
export function hasOpenCard(run: AgentRunState): boolean {
  return run.entries.some((entry) => entry.kind === 'card' && isOpen(entry.card));
}

export function withAllowed(allowed: readonly string[], tool: string): readonly string[] {
  return allowed.includes(tool) ? allowed : [...allowed, tool];
}

/** How a run ended, as far as the timeline cares. */
export interface RunOutcome {
  end: AgentEnd;
  steps?: readonly AgentStep[];
  conversationAllowed?: readonly string[];
  protocol?: AgentProtocolReport;
  error?: AppError | null;
}

/** How the run ended. The result's steps are the truth: any step whose event was lost (a reconnect) is added. */
export function endRun(run: AgentRunState, outcome: RunOutcome): AgentRunState {
  let next = cancelOpenCards(run);
  const shown = new Set(next.entries.flatMap((entry) => (entry.kind === 'step' ? [entry.step.index] : [])));
  for (const step of outcome.steps ?? []) if (!shown.has(step.index)) next = addStep(next, step);
  return {
    ...next,
    running: false,
    end: outcome.end,
    error: outcome.error ?? null,
    allowed: outcome.conversationAllowed ? [...outcome.conversationAllowed] : next.allowed,
    protocol: outcome.protocol ?? next.protocol,
  };
}

export function runSteps(run: AgentRunState): AgentStep[] {
  return run.entries.flatMap((entry) => (entry.kind === 'step' ? [entry.step] : []));
}

export function runCards(run: AgentRunState): ApprovalCardModel[] {
  return run.entries.flatMap((entry) => (entry.kind === 'card' ? [entry.card] : []));
}

/**
 * A run another page started (or this page before a reload), as the core holds it now: steps first, then the cards not
 * done yet.
 */
export function attachedRun(
  live: Pick<LiveRun, 'requestId' | 'conversationId' | 'steps' | 'asks' | 'allowed'>,
): AgentRunState {
  let run = newRun(live.requestId, live.conversationId, live.allowed);
  for (const step of [...live.steps].sort((a, b) => a.index - b.index)) run = addStep(run, step);
  for (const ask of live.asks) {
    run = addCard(run, ask.request);
    const { answer } = ask;
    if (answer) run = updateCard(run, ask.request.askId, (card) => ({ ...card, state: 'answered', answer }));
  }
  return run;
}
