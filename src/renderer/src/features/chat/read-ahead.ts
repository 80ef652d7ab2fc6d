// Reading ahead from the composer (@shared/chat/prefill.ts): when the user pauses
// typing to the local model, the draft goes to `chat:prefill` exactly as a send
// would carry it now (the same prompt, fitted to the context the same way), so
// the send reads only what was typed since. Only where the send would be a plain
// chat to the local server: no tools, no attachments, no model of the pool, not
// while an answer streams. A draft put back by opening a conversation is not
// typing and waits. The pause, the steps of a long draft and one read-ahead at a
// time: @shared/chat/read-ahead-driver.ts, as in `eva chat`.
import type { StoreApi } from 'zustand/vanilla';
import type { ChatMessage } from '@shared/chat/types';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { ServerProps } from '@shared/contract';
import type { PrefillInput } from '@shared/chat/prefill';
import { createReadAheadDriver } from '@shared/chat/read-ahead-driver';
import { realTimers, type Timers } from '../../lib/timers';
import type { EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import { planChatSend, planWithoutCount } from './chat-request';
import type { ConversationModels, Draft } from './chat-store-types';
import type { ConversationState, UserItem } from './conversation';
import { effectiveChat, type ConversationConventions } from './conversation-conventions';

export { READ_AHEAD_PAUSE_MS, READ_AHEAD_STEP_CHARS } from '@shared/chat/read-ahead-driver';

export interface ReadAheadDeps {
  api: EvaApi;
  app: SettingsStore;
  draft: StoreApi<Draft>;
  conversation: StoreApi<ConversationState>;
  props: StoreApi<ServerProps | null>;
  conventions: ConversationConventions;
  useTools: StoreApi<boolean>;
  overflow: StoreApi<OverflowPolicy | null>;
  pool?: ConversationModels;
  timers?: Timers;
}

/** Starts following the draft; returns the stop. */
export function startReadAhead(deps: ReadAheadDeps): () => void {
  const driver = createReadAheadDriver({
    requestNow: () => requestNow(deps),
    prefill: async (input) => {
      const result = await deps.api.invoke('chat:prefill', input);
      return result.ok && result.value.done;
    },
    timers: deps.timers ?? realTimers(),
  });
  let openId = deps.conversation.getState().id;
  const off = deps.draft.subscribe((now, before) => {
    const id = deps.conversation.getState().id;
    const typed = id === openId && now.text !== before.text;
    openId = id;
    if (typed) driver.typed();
    else driver.cancelPause();
  });
  return () => {
    off();
    driver.stop();
  };
}

/** The `chat:prefill` input for sending the draft now, or null where the send would not be a plain local chat. */
async function requestNow(deps: ReadAheadDeps): Promise<PrefillInput | null> {
  const settings = deps.app.store.getState().settings;
  const state = deps.conversation.getState();
  const draft = deps.draft.getState();
  const nCtx = deps.props.getState()?.nCtx || null;
  if (!settings?.chat.readAhead || settings.knowledge.useInChat || deps.useTools.getState()) return null;
  if (state.activeRequestId !== null || draft.attachments.length > 0 || draft.text.trim() === '' || deps.props.getState() === null) return null;
  const chat = effectiveChat(settings.chat, deps.conventions.getState());
  if (chat.endpoint.kind !== 'local' || chat.endpoint.model || deps.pool?.modelFor(state.id)) return null;
  const question: UserItem = { kind: 'user', id: 'read-ahead', parentId: state.items.at(-1)?.id ?? null, content: draft.text };
  const history = [...state.items, question];
  // Fitted as ask-for-answer.ts fits a send (the same planWithoutCount, else the overflow policy with the server's count).
  const planInput = { requestId: 'read-ahead', history, chat, nCtx, slot: state.slot };
  const count = (messages: readonly ChatMessage[]) => deps.api.invoke('chat:count-tokens', { endpoint: chat.endpoint, systemPrompt: chat.systemPrompt, messages: [...messages] }).then((r) => (r.ok ? r.value : null));
  const quick = planWithoutCount(planInput);
  const fitted = quick ? { ok: true as const, plan: quick } : await planChatSend({ ...planInput, policy: deps.overflow.getState() ?? settings.chat.overflow, count });
  if (!fitted.ok) return null;
  const { endpoint, systemPrompt, messages, sampling, idSlot } = fitted.plan.input;
  return { endpoint, systemPrompt, messages, sampling, idSlot, conversationId: state.id };
}
