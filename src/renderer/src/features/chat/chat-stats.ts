// Speed and size figures of an answer. While it streams, the client counts
// deltas itself (llama-server sends one token per chunk); once it ends, the
// server's `timings` are the truth, then OpenAI `usage`, then the client count
// (link-mode servers send neither timings nor, sometimes, usage).
import type { AnswerAuthor, StreamEvent, Timings, Usage } from '@shared/chat/types';

/** What the client saw of a stream: deltas and characters over time. */
export interface TokenCounter {
  /** epoch ms of the first content or reasoning delta */
  firstAt: number | null;
  lastAt: number | null;
  contentDeltas: number;
  reasoningDeltas: number;
  chars: number;
}

export const EMPTY_COUNTER: TokenCounter = {
  firstAt: null,
  lastAt: null,
  contentDeltas: 0,
  reasoningDeltas: 0,
  chars: 0,
};

/** Characters per token when nothing better is known (mixed English, Chinese and code). */
export const CHARS_PER_TOKEN = 3.5;

export function estimateTokensOfText(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Count the text deltas of one batch, all arriving at `now`. Returns `counter` itself when nothing counts. */
export function countEvents(counter: TokenCounter, events: readonly StreamEvent[], now: number): TokenCounter {
  let { contentDeltas, reasoningDeltas, chars } = counter;
  for (const event of events) {
    if ((event.type !== 'content' && event.type !== 'reasoning') || event.text === '') continue;
    if (event.type === 'content') contentDeltas++;
    else reasoningDeltas++;
    chars += event.text.length;
  }
  if (contentDeltas === counter.contentDeltas && reasoningDeltas === counter.reasoningDeltas) return counter;
  return { firstAt: counter.firstAt ?? now, lastAt: now, contentDeltas, reasoningDeltas, chars };
}

/** Tokens per second from the client count; null until two moments are far enough apart to mean anything. */
/** The shortest stretch the live rate is measured over. */
export const MIN_RATE_SECONDS = 1;

export function clientRate(counter: TokenCounter, now: number): number | null {
  if (counter.firstAt === null) return null;
  const tokens = counter.contentDeltas + counter.reasoningDeltas;
  const seconds = (Math.max(now, counter.lastAt ?? now) - counter.firstAt) / 1000;
  // The first delta starts the clock, so it is not counted in the rate (as the server's
  // predicted_per_second). The first tokens often arrive in one burst: a rate over less
  // than a second jumps about (133 → 59 → 48 tok/s), so it shows only from then on.
  return seconds >= MIN_RATE_SECONDS && tokens > 1 ? (tokens - 1) / seconds : null;
}

/** The figures shown under a finished answer. */
export interface AnswerFigures {
  /** where the numbers come from */
  source: 'server' | 'usage' | 'client';
  promptTokens: number | null;
  /** prompt tokens served from the KV cache */
  cachedTokens: number | null;
  promptPerSecond: number | null;
  generatedTokens: number;
  generatedPerSecond: number | null;
  /** tokens held in the context after this answer, when the server says */
  contextUsed: number | null;
  nCtx: number | null;
}

export interface FigureInput {
  timings: Timings | null;
  usage: Usage | null;
  counter: TokenCounter;
  nCtx: number | null;
}

export function answerFigures({ timings, usage, counter, nCtx }: FigureInput): AnswerFigures {
  const clientTokens = counter.contentDeltas + counter.reasoningDeltas;
  if (timings) {
    return {
      source: 'server',
      promptTokens: timings.prompt_n,
      cachedTokens: timings.cache_n ?? null,
      promptPerSecond: timings.prompt_n > 0 && timings.prompt_ms > 0 ? timings.prompt_per_second : null,
      generatedTokens: timings.predicted_n,
      generatedPerSecond: timings.predicted_n > 0 && timings.predicted_ms > 0 ? timings.predicted_per_second : null,
      // The KV cache holds cached + processed prompt tokens + generated ones.
      contextUsed: (timings.cache_n ?? 0) + timings.prompt_n + timings.predicted_n,
      nCtx,
    };
  }
  const rate = clientRate(counter, counter.lastAt ?? 0);
  if (usage) {
    const generated = usage.completion_tokens;
    return {
      source: 'usage',
      promptTokens: usage.prompt_tokens,
      cachedTokens: usage.cached_tokens ?? null,
      promptPerSecond: null,
      generatedTokens: generated,
      // Scale the client's delta rate to the server's token count: servers may pack several tokens into a delta.
      generatedPerSecond: rate !== null && clientTokens > 0 ? (rate * generated) / clientTokens : rate,
      contextUsed: usage.total_tokens,
      nCtx,
    };
  }
  return {
    source: 'client',
    promptTokens: null,
    cachedTokens: null,
    promptPerSecond: null,
    generatedTokens: clientTokens,
    generatedPerSecond: rate,
    contextUsed: null,
    nCtx,
  };
}

/**
 * Thinking tokens: the client's delta count, or an estimate from the text when none was counted (e.g. a stored answer).
 */
export function reasoningTokens(counter: TokenCounter, reasoning: string): number {
  return counter.reasoningDeltas > 0 ? counter.reasoningDeltas : estimateTokensOfText(reasoning);
}

/** "1,234.5" style numbers would be noisy: speeds get one decimal under 100, none above. */
export function formatRate(perSecond: number): string {
  return perSecond < 100 ? perSecond.toFixed(1) : Math.round(perSecond).toLocaleString('en-US');
}

/**
 * What speculative decoding did for an answer, from llama-server's timings (saved with the answer, so a reopened
 * conversation shows it too): tokens guessed ahead by the draft model or n-grams, and how many the model kept.
 */
export interface DraftFigures {
  drafted: number;
  accepted: number;
  /** accepted ÷ drafted, 0–1 */
  share: number;
}

export function draftFigures(timings: Timings | null): DraftFigures | null {
  const drafted = timings?.draft_n ?? 0;
  if (drafted <= 0) return null;
  const accepted = Math.min(drafted, Math.max(0, timings?.draft_n_accepted ?? 0));
  return { drafted, accepted, share: accepted / drafted };
}

/**
 * Below this share of kept guesses, checking them costs about what they save. A draft kept 40% of the time and
 * guessing 3 tokens gives 1 + 0.4 + 0.4² + 0.4³ ≈ 1.6 tokens a check of the model; the check of 4 tokens costs the
 * model more than one token does, and a draft ten times smaller costs 3 × 0.1 of a token more: on a CPU that is
 * about even, and below it slower.
 */
export const LOW_ACCEPTANCE = 0.4;
/** Fewer guesses say nothing yet: one rejected n-gram draft of 48 tokens is not a pattern. */
export const MIN_DRAFTED = 32;
/** An answer with speculation is called slower only below this share of the speed without it (answers vary). */
export const SLOWER_THAN = 0.9;
/** An answer shorter than this gives no speed to compare with: its rate is mostly the first token's wait. */
export const MIN_BASELINE_TOKENS = 16;

/** Why speculation does not help an answer, with the figures to say so; null when nothing says it does not. */
export type DraftVerdict =
  | { kind: 'low_acceptance'; figures: DraftFigures }
  | { kind: 'slower'; figures: DraftFigures; withDraft: number; without: number };

export function draftVerdict(
  figures: DraftFigures | null,
  generatedPerSecond: number | null,
  baselinePerSecond: number | null,
): DraftVerdict | null {
  if (!figures) return null;
  if (figures.drafted >= MIN_DRAFTED && figures.share < LOW_ACCEPTANCE) return { kind: 'low_acceptance', figures };
  if (generatedPerSecond !== null && baselinePerSecond !== null && generatedPerSecond < baselinePerSecond * SLOWER_THAN)
    return { kind: 'slower', figures, withDraft: generatedPerSecond, without: baselinePerSecond };
  return null;
}

/** An answer as the baseline reads it: who wrote it and the server's figures. */
export interface TimedAnswer {
  author?: AnswerAuthor;
  timings: Timings | null;
}

/**
 * The same local model's speed without speculation, measured on the other answers at hand (a conversation's): the
 * median generation rate of its answers that carry no draft figures and are long enough to time. null when there is
 * none, as in a conversation started after speculation was turned on.
 */
export function speedWithoutDraft(answers: readonly TimedAnswer[], author: AnswerAuthor | undefined): number | null {
  if (author?.kind !== 'local') return null;
  const rates = answers
    .filter((answer) => answer.author?.kind === 'local' && answer.author.model === author.model)
    .map((answer) => answer.timings)
    .filter((timings): timings is Timings => timings !== null && draftFigures(timings) === null)
    .filter((timings) => timings.predicted_n >= MIN_BASELINE_TOKENS && timings.predicted_ms > 0)
    .map((timings) => timings.predicted_per_second)
    .sort((a, b) => a - b);
  if (rates.length === 0) return null;
  const mid = Math.floor(rates.length / 2);
  return rates.length % 2 ? rates[mid]! : (rates[mid - 1]! + rates[mid]!) / 2;
}
