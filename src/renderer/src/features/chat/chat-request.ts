// The `chat:send` input for a conversation, built from plain data so every rule
// (sampling + stop words, the context budget, slot reuse) is tested alone.
import type { ChatSendInput, ChatSettings } from '@shared/chat/schemas';
import type { ChatMessage, SamplingSettings } from '@shared/chat/types';
import { trimToBudget } from './budget';
import { endpointKey, toChatMessages, type ConversationState, type ChatItem } from './conversation';

/** The contract's cap on stop strings. */
const MAX_STOP = 32;

/** Sampling as sent: the saved knobs, with the conventions' extra stop words merged into `stop`. */
export function requestSampling(chat: Pick<ChatSettings, 'sampling' | 'stopWords'>): SamplingSettings {
  const { stop: _stop, ...rest } = chat.sampling;
  const stop = [...new Set([...(chat.sampling.stop ?? []), ...chat.stopWords])].filter((word) => word !== '').slice(0, MAX_STOP);
  return stop.length > 0 ? { ...rest, stop } : rest;
}

export interface ChatRequestPlan {
  input: Extract<ChatSendInput, { mode: 'chat' }>;
  /** messages left out to fit the context */
  dropped: number;
}

export interface PlanInput {
  requestId: string;
  history: readonly ChatItem[];
  chat: ChatSettings;
  /** n_ctx of the local server, when known and the request goes there */
  nCtx: number | null;
  slot: ConversationState['slot'];
}

export function planChatRequest({ requestId, history, chat, nCtx, slot }: PlanInput): ChatRequestPlan {
  let messages: ChatMessage[] = toChatMessages(history);
  let dropped = 0;
  if (nCtx !== null && nCtx > 0) {
    const system: ChatMessage[] = chat.systemPrompt.trim() === '' ? [] : [{ role: 'system', content: chat.systemPrompt }];
    const trimmed = trimToBudget([...system, ...messages], { nCtx, maxTokens: chat.sampling.max_tokens });
    messages = trimmed.messages.slice(system.length);
    dropped = trimmed.dropped;
  }
  const key = endpointKey(chat.endpoint);
  return {
    input: {
      mode: 'chat',
      requestId,
      endpoint: chat.endpoint,
      systemPrompt: chat.systemPrompt,
      messages,
      sampling: requestSampling(chat),
      idSlot: slot !== null && slot.endpointKey === key ? slot.slotId : null,
    },
    dropped,
  };
}
