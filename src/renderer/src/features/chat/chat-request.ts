// The `chat:send` input for a conversation, built from plain data so every rule
// (sampling + stop words, slot reuse, how the core fits it) is tested alone.
import type { ChatSendInput, ChatSettings } from '@shared/chat/schemas';
import type { SamplingSettings } from '@shared/chat/types';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import { endpointKey, toChatMessageIds, toChatMessages, type ConversationState, type ChatItem } from './conversation';

/** A plain chat's `chat:send` input. */
export type ChatSendRequest = Extract<ChatSendInput, { mode: 'chat' }>;

/** The contract's cap on stop strings. */
const MAX_STOP = 32;

/** Sampling as sent: the saved knobs, with the conventions' extra stop words merged into `stop`. */
export function requestSampling(chat: Pick<ChatSettings, 'sampling' | 'stopWords'>): SamplingSettings {
  const { stop: _stop, ...rest } = chat.sampling;
  const stop = [...new Set([...(chat.sampling.stop ?? []), ...chat.stopWords])]
    .filter((word) => word !== '')
    .slice(0, MAX_STOP);
  return stop.length > 0 ? { ...rest, stop } : rest;
}

export interface PlanInput {
  requestId: string;
  history: readonly ChatItem[];
  chat: ChatSettings;
  /** n_ctx of the local server, when known and the request goes there */
  nCtx: number | null;
  slot: ConversationState['slot'];
  /** the saved conversation the history is of (null: not saved yet): a summary of it may stand in for its start */
  conversationId?: string | null;
}

export interface SendRequestInput extends PlanInput {
  /** the conversation's own policy, else settings.chat.overflow */
  policy: OverflowPolicy;
}

/**
 * The `chat:send` input of a send: the whole conversation, with how the core fits it to the context (its n_ctx and
 * the overflow policy). Without a known n_ctx (a hosted API) nothing is left out: the API says itself when it is too
 * long.
 */
export function sendRequest({
  requestId,
  history,
  chat,
  nCtx,
  slot,
  policy,
  conversationId = null,
}: SendRequestInput): ChatSendRequest {
  const key = endpointKey(chat.endpoint);
  // Only what the history holds can be summarised; an item not saved yet (the new question) comes after these.
  const saved = conversationId !== null ? { saved: { conversationId, ids: toChatMessageIds(history) } } : {};
  return {
    mode: 'chat',
    requestId,
    endpoint: chat.endpoint,
    systemPrompt: chat.systemPrompt,
    messages: toChatMessages(history),
    sampling: requestSampling(chat),
    idSlot: slot !== null && slot.endpointKey === key ? slot.slotId : null,
    fit: { nCtx: nCtx !== null && nCtx > 0 ? nCtx : null, policy, ...saved },
  };
}
