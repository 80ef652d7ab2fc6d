// Reading ahead from the composer (@shared/chat/prefill.ts): when the user pauses
// typing to the local model, the draft goes to `chat:prefill` exactly as a send
// would carry it now (the same prompt, fitted to the context the same way), so
// the send reads only what was typed since. Only where the send would be a plain
// chat to the local server: no tools, no attachments, no model of the pool, not
// while an answer streams; one at a time, and a draft already read is not sent
// again. A draft put back by opening a conversation is not typing and waits.
// A long draft (a pasted text) is read in steps: llama-server cannot stop in the
// middle of reading a request's prompt, so a send never waits behind more than
// one step of a read-ahead it may not need.
import type { StoreApi } from 'zustand/vanilla';
import type { ChatMessage } from '@shared/chat/types';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { ServerProps } from '@shared/contract';
import { realTimers, type Timers } from '../../lib/timers';
import type { EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import { planChatSend, planWithoutCount } from './chat-request';
import type { ConversationModels, Draft } from './chat-store-types';
import type { ConversationState, UserItem } from './conversation';
import { effectiveChat, type ConversationConventions } from './conversation-conventions';

/** A pause in typing this long reads the draft ahead. */
export const READ_AHEAD_PAUSE_MS = 400;
/** The most one read-ahead adds to what the last one read, in characters (≈ 250–300 tokens). */
export const READ_AHEAD_STEP_CHARS = 1000;

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
  const timers = deps.timers ?? realTimers();
  let timer: unknown = null;
  let running = false;
  /** the draft changed while a read-ahead ran, or a long one has more to read: read again when it ends */
  let again = false;
  /** what the last read-ahead read, so a pause that changed nothing sends nothing and a long draft goes on from there */
  let last: ReadSoFar | null = null;
  let openId = deps.conversation.getState().id;

  const read = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    const input = await requestNow(deps);
    const step = input && nextStep(input, last);
    if (!step) return;
    running = true;
    try {
      const result = await deps.api.invoke('chat:prefill', step.input);
      // Not read (the server was busy, a send went first): the next pause reads again from the start.
      last = result.ok && result.value.done ? step.read : null;
      if (last && step.more) again = true;
    } finally {
      running = false;
      if (again) {
        again = false;
        void read();
      }
    }
  };

  const off = deps.draft.subscribe((now, before) => {
    const id = deps.conversation.getState().id;
    const typed = id === openId && now.text !== before.text;
    openId = id;
    if (timer !== null) timers.clearTimeout(timer);
    timer = typed ? timers.setTimeout(() => ((timer = null), void read()), READ_AHEAD_PAUSE_MS) : null;
  });
  return () => {
    off();
    if (timer !== null) timers.clearTimeout(timer);
  };
}

type PrefillRequest = NonNullable<Awaited<ReturnType<typeof requestNow>>>;

interface ReadSoFar {
  /** the prompt before the draft, and where it goes */
  context: string;
  /** the draft as far as it was read */
  text: string;
}

/** The next read of `input` (the whole draft as its last message): at most READ_AHEAD_STEP_CHARS past what `last` read; null when all of it was read. */
function nextStep(input: PrefillRequest, last: ReadSoFar | null): { input: PrefillRequest; read: ReadSoFar; more: boolean } | null {
  const question = input.messages.at(-1);
  if (question?.role !== 'user' || typeof question.content !== 'string') return null;
  const context = JSON.stringify([input.systemPrompt, input.messages.slice(0, -1), input.idSlot, input.conversationId]);
  const text = question.content;
  let readUpTo = 0;
  if (last?.context === context) while (readUpTo < Math.min(text.length, last.text.length) && text[readUpTo] === last.text[readUpTo]) readUpTo++;
  if (last?.context === context && last.text === text) return null;
  const upTo = Math.min(text.length, readUpTo + READ_AHEAD_STEP_CHARS);
  const part = text.slice(0, upTo);
  return { input: { ...input, messages: [...input.messages.slice(0, -1), { ...question, content: part }] }, read: { context, text: part }, more: upTo < text.length };
}

/** The `chat:prefill` input for sending the draft now, or null where the send would not be a plain local chat. */
async function requestNow(deps: ReadAheadDeps) {
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
