// Speed and size figures of an answer. While it streams, the client counts
// deltas itself (llama-server sends one token per chunk); once it ends, the
// server's `timings` are the truth, then OpenAI `usage`, then the client count
// (link-mode servers send neither timings nor, sometimes, usage).
import type { StreamEvent, Timings, Usage } from '@shared/chat/types';

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
