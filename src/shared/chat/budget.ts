// Context budget: before sending, leave out older exchanges so the prompt and
// room for the answer fit n_ctx. The system prompt and the last user turn are
// never left out. Which exchanges go depends on the overflow policy
// (@shared/chat/overflow-policy): `trim-oldest` drops just enough, `rolling-window`
// drops in blocks of half the room counted from the conversation's start, so the
// kept part (and the server's cache of it) stays the same for several turns.
import type { ChatMessage } from './types';
import type { OverflowPolicy } from './overflow-policy';
import { estimateMessageTokens } from './token-estimate';

export { estimateMessageTokens };

export interface BudgetOptions {
  nCtx: number;
  /** the request's max_tokens; -1 or undefined: until the model stops */
  maxTokens: number | undefined;
  estimateTokens?: (message: ChatMessage) => number;
  /** default trim-oldest; `stop` never trims */
  policy?: OverflowPolicy;
}

export interface Trimmed {
  messages: ChatMessage[];
  /** how many messages were left out */
  dropped: number;
  /** the kept messages' tokens by `estimateTokens` */
  tokens: number;
}

/**
 * Room kept for the answer. llama-server does not need prompt + max_tokens to fit
 * (it stops or shifts at the end of the context), and the defaults (4096 max_tokens,
 * 4096 context) would otherwise leave no room for any history, so at most half
 * the context is held back; "until done" holds back a quarter.
 */
export function answerReserve(nCtx: number, maxTokens: number | undefined): number {
  const half = Math.floor(nCtx / 2);
  if (maxTokens === undefined || maxTokens < 0) return Math.floor(nCtx / 4);
  return Math.min(maxTokens, half);
}

/** The most prompt tokens that leave the answer its reserve. */
export function promptBudget(nCtx: number, maxTokens: number | undefined): number {
  return nCtx - answerReserve(nCtx, maxTokens);
}

/**
 * The exchanges that may be left out, oldest first, as index ranges [start, end):
 * a user message with the answers and tool results after it, up to the last user
 * turn. System messages are not part of any.
 */
export function droppableExchanges(messages: readonly ChatMessage[]): Array<[number, number]> {
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const tailStart = lastUser < 0 ? messages.length - 1 : lastUser;
  const ranges: Array<[number, number]> = [];
  let index = 0;
  while (index < tailStart) {
    if (messages[index]?.role === 'system') {
      index++;
      continue;
    }
    const start = index;
    do index++;
    while (index < tailStart && messages[index]?.role !== 'user' && messages[index]?.role !== 'system');
    ranges.push([start, index]);
  }
  return ranges;
}

export function trimToBudget(
  messages: readonly ChatMessage[],
  { nCtx, maxTokens, estimateTokens = estimateMessageTokens, policy = 'trim-oldest' }: BudgetOptions,
): Trimmed {
  const cost = messages.map(estimateTokens);
  const all = cost.reduce((a, b) => a + b, 0);
  if (!(nCtx > 0) || policy === 'stop') return { messages: [...messages], dropped: 0, tokens: all };
  const budget = promptBudget(nCtx, maxTokens);
  if (all <= budget) return { messages: [...messages], dropped: 0, tokens: all };

  const exchanges = droppableExchanges(messages);
  const costOf = ([start, end]: [number, number]) => cost.slice(start, end).reduce((a, b) => a + b, 0);
  let total = all;
  let cut = 0;
  if (policy === 'rolling-window') {
    // Blocks of half the room, counted from the start: older messages never change, so the
    // block edges do not move as the conversation grows and the cut stays put between blocks.
    const block = Math.max(1, Math.floor(budget / 2));
    let before = 0;
    const edges = exchanges.map((range) => {
      const edge = Math.floor(before / block);
      before += costOf(range);
      return edge;
    });
    while (cut < exchanges.length && total > budget) {
      const edge = edges[cut];
      while (cut < exchanges.length && edges[cut] === edge) total -= costOf(exchanges[cut++] as [number, number]);
    }
  } else {
    while (cut < exchanges.length && total > budget) total -= costOf(exchanges[cut++] as [number, number]);
  }
  const gone = new Set(
    exchanges.slice(0, cut).flatMap(([start, end]) => Array.from({ length: end - start }, (_, i) => start + i)),
  );
  const kept = messages.filter((_, i) => !gone.has(i));
  return { messages: kept, dropped: gone.size, tokens: total };
}
