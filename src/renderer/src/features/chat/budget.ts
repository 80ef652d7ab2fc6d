// Context budget: before sending, leave out the oldest turns so the prompt and
// room for the answer fit n_ctx. The system prompt and the last user turn are
// never left out; if they alone do not fit, the server says so on the answer.
import type { ChatMessage } from '@shared/chat/types';
import { CHARS_PER_TOKEN } from './chat-stats';
import { contentText } from './conversation';

/** Template tokens around each message (role markers, separators). */
const PER_MESSAGE_TOKENS = 4;
/** Image and audio token counts depend on the projector; these are middle-of-the-road guesses. */
const IMAGE_TOKENS = 768;
const AUDIO_TOKENS = 512;

/** chars/3.5 of the text, plus a guess per image or audio part. */
export function estimateMessageTokens(message: ChatMessage): number {
  const parts = typeof message.content === 'string' ? [] : message.content;
  const text = typeof message.content === 'string' ? message.content : contentText(parts.filter((part) => part.type === 'text'));
  const media = parts.reduce((sum, part) => sum + (part.type === 'image_url' ? IMAGE_TOKENS : part.type === 'text' ? 0 : AUDIO_TOKENS), 0);
  return Math.ceil(text.length / CHARS_PER_TOKEN) + media + PER_MESSAGE_TOKENS;
}

export interface BudgetOptions {
  nCtx: number;
  /** the request's max_tokens; -1 or undefined: until the model stops */
  maxTokens: number | undefined;
  estimateTokens?: (message: ChatMessage) => number;
}

export interface Trimmed {
  messages: ChatMessage[];
  /** how many messages were left out */
  dropped: number;
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

export function trimToBudget(messages: readonly ChatMessage[], { nCtx, maxTokens, estimateTokens = estimateMessageTokens }: BudgetOptions): Trimmed {
  if (!(nCtx > 0)) return { messages: [...messages], dropped: 0 };
  const budget = nCtx - answerReserve(nCtx, maxTokens);
  const cost = messages.map(estimateTokens);
  let total = cost.reduce((a, b) => a + b, 0);
  if (total <= budget) return { messages: [...messages], dropped: 0 };

  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const tailStart = lastUser < 0 ? messages.length - 1 : lastUser;
  const keep = messages.map(() => true);
  // Whole turns go, oldest first: a user message with the answers and tool results after it.
  let index = 0;
  while (index < tailStart && total > budget) {
    if (messages[index]?.role === 'system') {
      index++;
      continue;
    }
    do {
      keep[index] = false;
      total -= cost[index] ?? 0;
      index++;
    } while (index < tailStart && messages[index]?.role !== 'user' && messages[index]?.role !== 'system');
  }
  const kept = messages.filter((_, i) => keep[i]);
  return { messages: kept, dropped: messages.length - kept.length };
}
