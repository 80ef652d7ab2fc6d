// Building and changing a compare run: a new run from the page's start (columns
// shuffled in blind mode, so their order gives nothing away), the turns asked of
// each column, a repeat with one model swapped, and a run read back after EVA
// stopped mid-answer. Pure: ids, the clock and the shuffle come in.
import type { ChatMessage } from '../chat/types';
import { emptyFigures } from './compare-figures';
import {
  COMPARE_COLUMN_IDS,
  type CompareAnswer,
  type CompareColumn,
  type CompareEntrant,
  type CompareRun,
  type CompareSchedule,
  type CompareSettings,
  type CompareTurn,
} from './compare-types';

const TITLE_CHARS = 80;

/** The name a column shows for its model: the file name without `.gguf`, or the pool's id. */
export function entrantName(entrant: CompareEntrant): string {
  if (entrant.kind === 'pool') return entrant.id;
  const file = entrant.path.split(/[\\/]/).filter(Boolean).at(-1) ?? entrant.path;
  return file.replace(/\.gguf$/i, '');
}

export function waitingAnswer(): CompareAnswer {
  return { status: 'waiting', content: '', reasoning: '', error: null, figures: emptyFigures() };
}

/** The run's title: its first prompt on one line, cut short. */
export function runTitle(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

export interface NewRunInput {
  id: string;
  now: number;
  entrants: readonly CompareEntrant[];
  prompts: readonly string[];
  settings: CompareSettings;
  schedule: CompareSchedule;
  /** the order the entrants take in the columns (a permutation of their indexes); blind runs pass a shuffle */
  order: readonly number[];
  repeatOf?: string | null;
  /** the turns as they were (a repeat keeps which ones were follow-ups); default: each prompt asked afresh */
  turns?: readonly CompareTurn[];
}

export function newRun(input: NewRunInput): CompareRun {
  const turns = input.turns ? input.turns.map((turn) => ({ ...turn })) : input.prompts.map(freshTurn);
  const columns: CompareColumn[] = input.order.map((index, position) => {
    const entrant = input.entrants[index]!;
    return {
      id: COMPARE_COLUMN_IDS[position]!,
      entrant,
      name: entrantName(entrant),
      answers: turns.map(waitingAnswer),
    };
  });
  return {
    version: 1,
    id: input.id,
    title: runTitle(turns[0]?.prompt ?? ''),
    createdAt: input.now,
    updatedAt: input.now,
    settings: input.settings,
    turns,
    columns,
    schedule: input.schedule,
    votes: [],
    revealed: false,
    repeatOf: input.repeatOf ?? null,
    running: false,
  };
}

const freshTurn = (prompt: string): CompareTurn => ({ prompt, followUp: false });

/** `order` for entrants kept as the user listed them. */
export const listedOrder = (count: number): number[] => Array.from({ length: count }, (_, index) => index);

/** A shuffle of `count` indexes (Fisher–Yates) drawn from `random` in [0, 1). */
export function shuffledOrder(count: number, random: () => number): number[] {
  const order = listedOrder(count);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The run with a follow-up: every column is asked it next, in its own conversation. */
export function withFollowUp(run: CompareRun, prompt: string, now: number): CompareRun {
  return {
    ...run,
    updatedAt: now,
    turns: [...run.turns, { prompt, followUp: true }],
    columns: run.columns.map((column) => ({ ...column, answers: [...column.answers, waitingAnswer()] })),
  };
}

/** The run with one answer changed. */
export function withAnswer(
  run: CompareRun,
  columnId: string,
  turn: number,
  change: (answer: CompareAnswer) => CompareAnswer,
  now: number,
): CompareRun {
  return {
    ...run,
    updatedAt: now,
    columns: run.columns.map((column) =>
      column.id !== columnId
        ? column
        : { ...column, answers: column.answers.map((answer, index) => (index === turn ? change(answer) : answer)) },
    ),
  };
}

/** The turns a column still has to answer, in order. */
export function pendingTurns(column: CompareColumn): number[] {
  return column.answers.flatMap((answer, turn) => (answer.status === 'waiting' ? [turn] : []));
}

/**
 * What a column sends for `turn`: its own conversation back to the turn that started it afresh (the prompts and this
 * column's answers), then the turn's prompt. A turn whose earlier answer failed sends what arrived of it.
 */
export function conversationFor(run: CompareRun, column: CompareColumn, turn: number): ChatMessage[] {
  let start = turn;
  while (start > 0 && run.turns[start]!.followUp) start--;
  const messages: ChatMessage[] = [];
  for (let index = start; index < turn; index++) {
    messages.push({ role: 'user', content: run.turns[index]!.prompt });
    messages.push({ role: 'assistant', content: column.answers[index]?.content ?? '' });
  }
  messages.push({ role: 'user', content: run.turns[turn]!.prompt });
  return messages;
}

/** The best answer of a turn, chosen again or for the first time; a vote in blind mode shows the models. */
export function withVote(run: CompareRun, turn: number, columnId: string, now: number): CompareRun {
  const votes = [...run.votes.filter((vote) => vote.turn !== turn), { turn, columnId, at: now }].sort(
    (a, b) => a.turn - b.turn,
  );
  return { ...run, votes, revealed: run.revealed || run.settings.blind, updatedAt: now };
}

/**
 * A run read back after EVA stopped while it answered: what was under way is marked stopped (with what had arrived),
 * and the run is no longer running.
 */
export function settledAfterStop(run: CompareRun): CompareRun {
  const unfinished = (answer: CompareAnswer) =>
    answer.status === 'loading' || answer.status === 'streaming' || answer.status === 'waiting';
  if (!run.running && !run.columns.some((column) => column.answers.some(unfinished))) return run;
  return {
    ...run,
    running: false,
    columns: run.columns.map((column) => ({
      ...column,
      answers: column.answers.map((answer) => (unfinished(answer) ? { ...answer, status: 'stopped' } : answer)),
    })),
  };
}

/** The entrants of a repeat: the run's own, in column order, with one swapped. */
export function repeatEntrants(
  run: CompareRun,
  swap: { columnId: string; entrant: CompareEntrant } | null,
): CompareEntrant[] {
  return run.columns.map((column) => (swap && column.id === swap.columnId ? swap.entrant : column.entrant));
}
