// How much a compaction covers, and how large its requests may be. A summary
// covers all but the last few exchanges: as few are kept as leave about half
// the prompt's budget free once the summary is in, and never the last question.
// Pure: the planner (send-planner.ts) decides with these, the summariser
// (compaction.ts) sizes its requests with them.
import { droppableExchanges, promptBudget } from './budget';
import { SUMMARY_INSTRUCTION } from './summary-prompt';
import { estimateMessageTokens } from './token-estimate';
import type { ChatMessage } from './types';

/** The longest summary asked for: an eighth of the context, within bounds that keep it useful and cheap. */
export function summaryMaxTokens(nCtx: number | null): number {
  if (nCtx === null) return 512;
  return Math.max(64, Math.min(1024, Math.floor(nCtx / 8)));
}

/**
 * The transcript tokens one summary request may carry: what is left of the context once the instruction, the summary
 * so far and the summary's own room are set aside, with a margin, because the estimate undercounts some scripts.
 * Infinity where the context is unknown: the whole stretch goes in one request.
 */
export function transcriptBudget(nCtx: number | null): number {
  if (nCtx === null) return Number.POSITIVE_INFINITY;
  const room = summaryMaxTokens(nCtx);
  const fixed = estimateMessageTokens({ content: SUMMARY_INSTRUCTION }) + room;
  return Math.max(64, Math.floor((promptBudget(nCtx, room) - fixed) * 0.6));
}

export interface CutInput {
  /** the send's messages, the last question last */
  messages: readonly ChatMessage[];
  /** the first messages an earlier summary already stands in for */
  from: number;
  /** how many of the first messages are saved (only those can be covered) */
  saved: number;
  systemPrompt: string;
  nCtx: number | null;
  maxTokens: number | undefined;
  estimate?: (message: ChatMessage) => number;
}

/**
 * The number of first messages a new summary covers (it ends where an exchange does); null when nothing past `from` can
 * be covered: the messages after it are the last question, or not saved.
 */
export function compactionCut({
  messages,
  from,
  saved,
  systemPrompt,
  nCtx,
  maxTokens,
  estimate = estimateMessageTokens,
}: CutInput): number | null {
  // An exchange may start where a cut goes; the last question's is never one.
  const starts = droppableExchanges(messages)
    .map(([start]) => start)
    .filter((start) => start > 0)
    .concat(lastQuestion(messages))
    .filter((start) => start > from && start <= saved);
  if (starts.length === 0) return null;
  if (nCtx === null) return starts.at(-3) ?? starts[0] ?? null;
  const budget = promptBudget(nCtx, maxTokens);
  const fixed = estimate({ role: 'system', content: systemPrompt }) + summaryMaxTokens(nCtx);
  const target = Math.floor(budget / 2) - fixed;
  const cost = messages.map((message) => estimate(message));
  const tail = (start: number) => cost.slice(start).reduce((sum, tokens) => sum + tokens, 0);
  // The earliest cut whose kept part fits in half the budget; where none does, the latest (most is summarised).
  return starts.find((start) => tail(start) <= target) ?? (starts.at(-1) as number);
}

function lastQuestion(messages: readonly ChatMessage[]): number[] {
  const index = messages.findLastIndex((message) => message.role === 'user');
  return index > 0 ? [index] : [];
}
