// The request the next send in the open conversation would make now, as the
// context meter measures it and Compact summarises it: the conversation's own
// conventions, the server's n_ctx, its overflow policy and, with Tools on, the
// run's tool choices (chat-request.ts builds it).
import type { EvaApi, InvokeOutput, Result } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import { sendRequest, type ChatSendRequest } from './chat-request';
import type { ChatStore } from './chat-store-types';
import { effectiveChat } from './conversation-conventions';
import { rememberSummary } from './summaries';
import { runToolFields, runToolsOf } from './tools-fit';

export interface NextSend {
  request: ChatSendRequest;
  /** the agent run's tool choices while Tools is on */
  tools: { agent?: ReturnType<typeof runToolFields> };
  nCtx: number | null;
}

/** Null while the settings are not known. */
export function nextSend(app: SettingsStore, chat: ChatStore, requestId: string): NextSend | null {
  const settings = app.store.getState().settings;
  if (!settings) return null;
  const { items, slot, id } = chat.conversation.getState();
  const nCtx = (chat.props.getState()?.nCtx ?? 0) || null;
  const policy = chat.overflow.getState() ?? settings.chat.overflow;
  const own = effectiveChat(settings.chat, chat.conventions.getState());
  const request = sendRequest({ requestId, history: items, chat: own, nCtx, slot, policy, conversationId: id });
  const tools = chat.useTools.getState()
    ? { agent: runToolFields(runToolsOf(chat.conversationTools.getState(), chat.toolSelection.getState()?.off)) }
    : {};
  return { request, tools, nCtx };
}

/**
 * Compact now: the model summarises all but the last few exchanges of the open conversation, and the summary stands in
 * for them from the next send on. False with the core's reason when nothing could be summarised.
 */
export async function compactConversation(
  api: EvaApi,
  app: SettingsStore,
  chat: ChatStore,
  requestId: string,
): Promise<Result<InvokeOutput<'chat:compact'>>> {
  const next = nextSend(app, chat, requestId);
  const { id, activeRequestId } = chat.conversation.getState();
  if (!next || id === null || activeRequestId !== null)
    return { ok: false, error: { code: 'bad_request', message: 'There is no saved conversation to summarise now.' } };
  const result = await api.invoke('chat:compact', { ...next.request, ...next.tools });
  if (result.ok && chat.conversation.getState().id === id) rememberSummary(chat.summaries, result.value.checkpoint);
  return result;
}
