// Reading ahead from the composer (@shared/chat/prefill.ts): when the user pauses
// typing to the local model, the draft goes to `chat:prefill` exactly as a send
// would carry it now (the same prompt, fitted to the context the same way), so
// the send reads only what was typed since. Only where the send would be a plain
// chat or agent run on the local server: no attachments, no model of the pool,
// not while an answer streams; with tools on, the core reads the run's first
// request (its tools prompt too). A draft put back by opening a conversation is not
// typing and waits. The pause, the steps of a long draft and one read-ahead at a
// time: @shared/chat/read-ahead-driver.ts, as in `eva chat`.
import type { StoreApi } from 'zustand/vanilla';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { ServerProps } from '@shared/contract';
import type { ToolSelection } from '@shared/tools/tool-selection';
import type { PrefillInput } from '@shared/chat/prefill';
import { createReadAheadDriver } from '@shared/chat/read-ahead-driver';
import { realTimers, type Timers } from '../../lib/timers';
import type { EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import type { ConversationModels, Draft } from './chat-store-types';
import type { ConversationState, UserItem } from './conversation';
import { effectiveChat, type ConversationConventions } from './conversation-conventions';
import { fitSend } from './send-fit';
import { runToolFields, runToolsOf } from './tools-fit';

export { READ_AHEAD_PAUSE_MS, READ_AHEAD_STEP_CHARS } from '@shared/chat/read-ahead-driver';

export interface ReadAheadDeps {
  api: EvaApi;
  app: SettingsStore;
  draft: StoreApi<Draft>;
  conversation: StoreApi<ConversationState>;
  props: StoreApi<ServerProps | null>;
  conventions: ConversationConventions;
  useTools: StoreApi<boolean>;
  /** with tools on: the conversation's own tools and its selection, as the run will take them */
  conversationTools?: StoreApi<readonly string[]>;
  toolSelection?: StoreApi<ToolSelection | null>;
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
  const asAgent = deps.useTools.getState();
  if (!settings?.chat.readAhead || settings.knowledge.useInChat || (asAgent && !deps.conversationTools)) return null;
  if (
    state.activeRequestId !== null ||
    draft.attachments.length > 0 ||
    draft.text.trim() === '' ||
    deps.props.getState() === null
  )
    return null;
  const chat = effectiveChat(settings.chat, deps.conventions.getState());
  if (chat.endpoint.kind !== 'local' || chat.endpoint.model || deps.pool?.modelFor(state.id)) return null;
  const question: UserItem = {
    kind: 'user',
    id: 'read-ahead',
    parentId: state.items.at(-1)?.id ?? null,
    content: draft.text,
  };
  const history = [...state.items, question];
  // Fitted as the send will be (send-fit.ts), so what is read ahead is the prompt then sent.
  const runTools = runToolsOf(deps.conversationTools?.getState() ?? [], deps.toolSelection?.getState()?.off);
  const policy = () => deps.overflow.getState() ?? settings.chat.overflow;
  const fitted = await fitSend(deps.api, {
    requestId: 'read-ahead',
    history,
    chat,
    nCtx,
    slot: state.slot,
    conversationId: state.id,
    policy,
    runTools: asAgent ? runTools : null,
    // Reading ahead is off while the knowledge toggle is on (above): the passages would change the prompt.
    knowledge: false,
  });
  if (!fitted.ok) return null;
  const { endpoint, sampling, idSlot } = fitted.send.input;
  const { messages, systemPrompt } = fitted.send;
  // The conversation's own system prompt (with its summary), as the send carries it (for an agent run the core adds
  // the tools), and the run's tool choices.
  return {
    endpoint,
    systemPrompt,
    messages,
    sampling,
    idSlot,
    conversationId: state.id,
    ...(asAgent ? { agent: runToolFields(runTools) } : {}),
  };
}
