// The `chat:send` input for a conversation, built from plain data so every rule
// (sampling + stop words, the context budget, slot reuse) is tested alone.
import type { ChatSendInput, ChatSettings } from '@shared/chat/schemas';
import type { ChatMessage, SamplingSettings } from '@shared/chat/types';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import { trimToBudget } from './budget';
import { fitContext, surelyFitsContext, type ContextRefusal, type CountPrompt } from './context-fit';
import { endpointKey, toChatMessages, type ConversationState, type ChatItem } from './conversation';

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

/** The request with the estimate alone deciding what is left out (trim-oldest); `planChatSend` is the one sends use. */
export function planChatRequest({ requestId, history, chat, nCtx, slot }: PlanInput): ChatRequestPlan {
  let messages: ChatMessage[] = toChatMessages(history);
  let dropped = 0;
  if (nCtx !== null && nCtx > 0) {
    const system: ChatMessage[] =
      chat.systemPrompt.trim() === '' ? [] : [{ role: 'system', content: chat.systemPrompt }];
    const trimmed = trimToBudget([...system, ...messages], { nCtx, maxTokens: chat.sampling.max_tokens });
    messages = trimmed.messages.slice(system.length);
    dropped = trimmed.dropped;
  }
  return requestFor({ requestId, chat, slot }, messages, dropped);
}

/**
 * The send's request at once, without counting, when the prompt surely fits (or n_ctx is unknown, and nothing
 * is trimmed); null when it must be fitted with the exact count (planChatSend). The send and the read-ahead
 * both decide here, so the prompt read ahead is the one sent.
 */
export function planWithoutCount(input: PlanInput): ChatRequestPlan | null {
  const sure =
    input.nCtx === null ||
    surelyFitsContext(
      input.chat.systemPrompt,
      toChatMessages(input.history),
      input.nCtx,
      input.chat.sampling.max_tokens,
    );
  return sure ? planChatRequest(input) : null;
}

export interface SendPlanInput extends PlanInput {
  /** the conversation's own policy, else settings.chat.overflow */
  policy: OverflowPolicy;
  /** the endpoint's exact count (`chat:count-tokens`); without it the estimate decides */
  count?: CountPrompt;
}

/**
 * The request a send makes, fitted to the context by the overflow policy with the
 * exact count where there is one; or why it must not be sent. Without a known
 * n_ctx (a hosted API) nothing is trimmed: the API says itself when it is too long.
 */
export async function planChatSend(
  input: SendPlanInput,
): Promise<{ ok: true; plan: ChatRequestPlan } | { ok: false; refusal: ContextRefusal }> {
  const messages = toChatMessages(input.history);
  if (input.nCtx === null || !(input.nCtx > 0)) return { ok: true, plan: requestFor(input, messages, 0) };
  const fit = await fitContext({
    systemPrompt: input.chat.systemPrompt,
    messages,
    nCtx: input.nCtx,
    maxTokens: input.chat.sampling.max_tokens,
    policy: input.policy,
    count: input.count,
  });
  return fit.ok ? { ok: true, plan: requestFor(input, fit.messages, fit.dropped) } : fit;
}

function requestFor(
  { requestId, chat, slot }: Pick<PlanInput, 'requestId' | 'chat' | 'slot'>,
  messages: ChatMessage[],
  dropped: number,
): ChatRequestPlan {
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
