// The figures of a compare answer from what the server and the core measured,
// and what a column or a repeated run adds up to. Pure.
import type { Timings, Usage } from '../chat/types';
import type {
  CompareAnswer,
  CompareColumn,
  CompareColumnView,
  CompareFigures,
  CompareMemorySource,
  CompareRunView,
} from './compare-types';

export function emptyFigures(): CompareFigures {
  return {
    ttftMs: null,
    tokensPerSecond: null,
    promptTokensPerSecond: null,
    promptTokens: null,
    cachedTokens: null,
    generatedTokens: null,
    contextUsed: null,
    nCtx: null,
    peakRssBytes: null,
    rssSamples: 0,
    memorySource: 'none',
    loadMs: null,
  };
}

export interface MeasuredAnswer {
  timings: Timings | null;
  usage: Usage | null;
  ttftMs: number | null;
  nCtx: number | null;
  peakRssBytes: number | null;
  rssSamples: number;
  memorySource: CompareMemorySource;
  loadMs: number | null;
}

/** A positive finite figure, else null (an empty phase the server divided by zero for). */
const real = (value: number | undefined | null): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

/**
 * The server's `timings` where it sent them (the speeds are its own, free of the way to the page), else OpenAI's
 * `usage` for the counts. The context used is everything the slot holds after the answer.
 */
export function answerFigures(measured: MeasuredAnswer): CompareFigures {
  const { timings, usage } = measured;
  const cached = timings ? (timings.cache_n ?? 0) : (usage?.cached_tokens ?? null);
  const read = timings ? timings.prompt_n : usage ? usage.prompt_tokens - (usage.cached_tokens ?? 0) : null;
  const generated = timings ? timings.predicted_n : (usage?.completion_tokens ?? null);
  const promptTokens = read === null ? null : read + (cached ?? 0);
  return {
    ttftMs: measured.ttftMs === null ? null : Math.max(0, Math.round(measured.ttftMs)),
    tokensPerSecond: real(timings?.predicted_per_second),
    promptTokensPerSecond: real(timings?.prompt_per_second),
    promptTokens,
    cachedTokens: cached,
    generatedTokens: generated,
    contextUsed: promptTokens === null || generated === null ? null : promptTokens + generated,
    nCtx: measured.nCtx !== null && measured.nCtx > 0 ? measured.nCtx : null,
    peakRssBytes: measured.peakRssBytes,
    rssSamples: measured.rssSamples,
    memorySource: measured.memorySource,
    loadMs: measured.loadMs === null ? null : Math.round(measured.loadMs),
  };
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A column's figures over its finished answers: medians of the speeds, the largest peak. */
export interface ColumnSummary {
  answers: number;
  ttftMs: number | null;
  tokensPerSecond: number | null;
  promptTokensPerSecond: number | null;
  peakRssBytes: number | null;
}

export function columnSummary(column: Pick<CompareColumn, 'answers'>): ColumnSummary {
  const done = column.answers.filter((answer) => answer.status === 'done');
  const values = (pick: (answer: CompareAnswer) => number | null): number[] =>
    done.flatMap((answer) => {
      const value = pick(answer);
      return value === null ? [] : [value];
    });
  const peaks = values((answer) => answer.figures.peakRssBytes);
  return {
    answers: done.length,
    ttftMs: median(values((answer) => answer.figures.ttftMs)),
    tokensPerSecond: median(values((answer) => answer.figures.tokensPerSecond)),
    promptTokensPerSecond: median(values((answer) => answer.figures.promptTokensPerSecond)),
    peakRssBytes: peaks.length > 0 ? Math.max(...peaks) : null,
  };
}

/** One column of a repeated run beside the same column of the run it repeats. */
export interface LikeForLikeRow {
  columnId: string;
  before: { name: string | null; summary: ColumnSummary };
  after: { name: string | null; summary: ColumnSummary };
  /** the model was swapped for this repeat */
  swapped: boolean;
  /** after ÷ before of the generation speed; null where either is missing */
  speedRatio: number | null;
}

/** How each column did in a repeat against the run it repeats (same prompts and settings). */
export function likeForLike(before: CompareRunView, after: CompareRunView): LikeForLikeRow[] {
  return after.columns.flatMap((column) => {
    const earlier = before.columns.find((candidate) => candidate.id === column.id);
    if (!earlier) return [];
    const was = columnSummary(earlier);
    const now = columnSummary(column);
    return [
      {
        columnId: column.id,
        before: { name: earlier.name, summary: was },
        after: { name: column.name, summary: now },
        swapped: !sameEntrant(earlier, column),
        speedRatio:
          was.tokensPerSecond !== null && now.tokensPerSecond !== null
            ? now.tokensPerSecond / was.tokensPerSecond
            : null,
      },
    ];
  });
}

function sameEntrant(a: CompareColumnView, b: CompareColumnView): boolean {
  return JSON.stringify(a.entrant) === JSON.stringify(b.entrant);
}
