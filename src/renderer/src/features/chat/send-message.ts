// Sending a message: the core's plan for it comes first (send-fit.ts; a prompt
// that cannot fit is refused with the numbers), then the question and the
// streaming answer go on screen, the request goes out (a plain chat request or
// an agent run) and its result settles the answer.
import { initialStreamingMessage } from '@shared/chat/stream-reducer';
import type { ChatSettings } from '@shared/chat/schemas';
import type { NewConversation } from '@shared/history/types';
import type { EvaApi } from '../../platform/types';
import type { AgentStore } from '../agent/agent-store';
import type { SettingsStore } from '../settings/settings-store';
import type { StatusStore } from '../status/status-store';
import { answerFromRun } from './agent-answer';
import { addChild } from './branches';
import type { ChatStore, ConversationModels } from './chat-store-types';
import {
  answerFromResult,
  itemsBefore,
  lastAnswer,
  offersContinue,
  endpointKey,
  failedAnswer,
  newAnswerItem,
  settleAnswer,
  type AnswerItem,
  type AnswerState,
  type ChatItem,
  type ConversationState,
  type UserItem,
} from './conversation';
import { effectiveChat } from './conversation-conventions';
import type { LastOpened } from './saved-conversation';
import type { LiveSnapshot, StreamFollower } from './stream-follower';
import { fitSend } from './send-fit';
import { runToolFields, runToolsOf } from './tools-fit';

export interface SendMessageDeps extends Pick<
  ChatStore,
  | 'conversation'
  | 'live'
  | 'props'
  | 'conventions'
  | 'useTools'
  | 'conversationTools'
  | 'toolSelection'
  | 'structuredOutput'
  | 'overflow'
  | 'contextRefusal'
> {
  api: EvaApi;
  app: SettingsStore;
  status: StatusStore;
  follower: StreamFollower;
  newId: () => string;
  lastOpened: LastOpened;
  /** agent runs (step and approval cards); without it, tools are never used */
  agent?: AgentStore;
  pool?: ConversationModels;
  /** request ids that are agent runs (Stop goes to `agent:stop`) */
  runs: Set<string>;
}

/**
 * Send for an answer after `prefix` (already on screen), with a new question or (regenerate) without;
 * or (Continue) have `continuing`, the answer after `prefix`, go on from its text in place.
 * `accepted` runs once it goes ahead.
 */
export type SendMessage = (
  prefix: readonly ChatItem[],
  question: UserItem | null,
  accepted?: () => void,
  continuing?: AnswerItem,
) => Promise<boolean>;

export function createSendMessage({
  api,
  app,
  status,
  follower,
  newId,
  lastOpened,
  agent,
  pool,
  runs,
  conversation,
  live,
  props,
  conventions: held,
  useTools,
  conversationTools,
  toolSelection,
  structuredOutput,
  overflow,
  contextRefusal,
}: SendMessageDeps): SendMessage {
  /** a send is being fitted to the context (counting); another waits its turn */
  let fitting = false;

  /**
   * Where this exchange is saved: the open conversation, or a new one the core creates with the first question (no
   * extra round trip before the answer).
   */
  const recordTarget = (
    state: ConversationState,
    chat: ChatSettings,
    nCtx: number | null,
  ): { conversationId: string; create?: NewConversation } => {
    if (state.id !== null) return { conversationId: state.id };
    const model =
      chat.endpoint.kind === 'local' ? (chat.endpoint.model ?? status.store.getState()?.model?.name ?? '') : '';
    const endpoint =
      chat.endpoint.kind === 'local'
        ? { kind: 'local' as const, baseUrl: '', model }
        : { kind: 'link' as const, baseUrl: '', model, linkId: chat.endpoint.linkId };
    const policy = overflow.getState();
    const tools = toolSelection.getState();
    const schema = structuredOutput.getState();
    return {
      conversationId: newId(),
      create: {
        endpoint,
        systemPrompt: chat.systemPrompt,
        sampling: { ...chat.sampling },
        nCtx,
        ...(policy ? { overflow: policy } : {}),
        ...(tools ? { toolSelection: tools } : {}),
        ...(schema ? { structuredOutput: schema } : {}),
      },
    };
  };

  return async (prefix, question, accepted, continuing) => {
    const settings = app.store.getState().settings;
    const before = conversation.getState();
    if (!settings || before.activeRequestId !== null || fitting) return false;
    const own = effectiveChat(settings.chat, held.getState());
    // With the model pool running, the conversation's own model answers it (through the router).
    const poolModel = own.endpoint.kind === 'local' ? (pool?.modelFor(before.id) ?? null) : null;
    const chat = poolModel ? { ...own, endpoint: { kind: 'local' as const, model: poolModel } } : own;
    const requestId = newId();
    // Known for the local server and for a linked llama-server; hosted APIs do not say, and are not trimmed.
    const nCtx = (props.getState()?.nCtx ?? 0) || null;
    // An answer is continued the way it was asked: a plain answer from its text (the last message),
    // an agent run from its saved steps (the core has them; the messages end before it).
    const resumeRun = continuing?.agentRun === true;
    if (resumeRun && agent === undefined) return false;
    const history = question ? [...prefix, question] : continuing && !resumeRun ? [...prefix, continuing] : prefix;
    const asAgent = resumeRun || (!continuing && useTools.getState() && agent !== undefined);
    const runTools = runToolsOf(conversationTools.getState(), toolSelection.getState()?.off);
    // The core's plan before anything is shown or sent (send-fit.ts: with tools on, the tool list counts too, with
    // the knowledge toggle on, the passages): a prompt that cannot fit is refused here, with the numbers. Without a
    // known n_ctx, or far below the budget, nothing is asked and the send goes ahead at once.
    const policy = () => overflow.getState() ?? settings.chat.overflow;
    const knowledge = !asAgent && settings.knowledge.useInChat;
    const asked = { requestId, history, chat, nCtx, slot: before.slot, conversationId: before.id, policy, knowledge };
    const fit = fitSend(api, { ...asked, runTools: asAgent ? runTools : null }, (on) => (fitting = on));
    const fitted = fit instanceof Promise ? await fit : fit;
    contextRefusal.setState(fitted.ok ? null : fitted.refusal, true);
    const now = conversation.getState();
    if (!fitted.ok || now.id !== before.id || now.items !== before.items || now.activeRequestId !== null) return false;
    const plan = {
      ...fitted.send,
      input: { ...fitted.send.input, ...(continuing && !resumeRun ? { continueAnswer: true } : {}) },
    };
    accepted?.();
    const answerParent = continuing ? continuing.parentId : (history.at(-1)?.id ?? null);
    const item = {
      ...newAnswerItem(continuing?.id ?? newId(), answerParent, requestId, plan.dropped, nCtx),
      ...(asAgent ? { agentRun: true } : {}),
    };
    const target = recordTarget(before, chat, nCtx);
    if (poolModel) pool?.remember(target.conversationId, poolModel);
    let branches = before.branches;
    if (question) branches = addChild(branches, question.parentId, question.id);
    if (!continuing) branches = addChild(branches, answerParent, item.id);
    conversation.setState(
      {
        ...before,
        id: target.conversationId,
        items: [...(continuing ? prefix : history), item],
        branches,
        activeRequestId: requestId,
      },
      true,
    );
    lastOpened.set(target.conversationId);
    const follow = follower.follow(
      requestId,
      (snapshot) =>
        live.setState((current) => (current?.requestId === requestId ? { ...current, ...snapshot } : current), true),
      { turns: asAgent },
    );
    // A continued answer keeps its text on screen until the stream brings it back with the new words.
    live.setState(
      {
        itemId: item.id,
        requestId,
        message: { ...initialStreamingMessage(), content: resumeRun ? '' : (continuing?.answer.content ?? '') },
        counter: item.counter,
        turn: null,
      },
      true,
    );

    const record = {
      ...target,
      parentId: question ? question.parentId : answerParent,
      answerId: item.id,
      ...(question ? { question: { id: question.id, content: question.content } } : {}),
    };
    let answer: AnswerState;
    let final: LiveSnapshot;
    if (asAgent && agent) {
      runs.add(requestId);
      // The run sends the conversation as the plan keeps it (with its summary), and adds its tool list itself.
      const { mode: _mode, fit: _fit, ...runInput } = plan.input;
      const result = await agent.run(
        {
          ...runInput,
          systemPrompt: plan.systemPrompt,
          messages: plan.messages,
          record,
          ...(resumeRun ? { resume: true } : {}),
          ...runToolFields(runTools),
        },
        { conversationId: target.conversationId },
      );
      runs.delete(requestId);
      final = follow.finish();
      answer = result.ok ? answerFromRun(result.value) : failedAnswer(final.message, result.error);
    } else {
      // Only a plain chat is held to the conversation's schema: no server constrains an answer that may call tools.
      const schema = structuredOutput.getState();
      const result = await api.invoke('chat:send', {
        ...plan.input,
        ...(schema ? { structuredOutput: schema } : {}),
        record,
      });
      final = follow.finish();
      answer = result.ok ? answerFromResult(result.value) : failedAnswer(final.message, result.error);
    }
    const key = endpointKey(chat.endpoint);
    conversation.setState(
      (current) => ({
        ...current,
        items: settleAnswer(current.items, requestId, answer, final.counter),
        activeRequestId: current.activeRequestId === requestId ? null : current.activeRequestId,
        slot: answer.slotId !== null ? { endpointKey: key, slotId: answer.slotId } : current.slot,
      }),
      true,
    );
    live.setState((current) => (current?.requestId === requestId ? null : current), true);
    return true;
  };
}

/**
 * The conversation's send actions (the store hands them to the view as they are): a new question, Continue,
 * regenerate, and an edited question sent again. Each refuses what cannot be sent now (an empty question, a request
 * already running) before anything is shown.
 */
export function createSendActions(
  deps: SendMessageDeps & Pick<ChatStore, 'draft'>,
): Pick<ChatStore, 'send' | 'continueAnswer' | 'regenerate' | 'editAndResend'> {
  const { conversation, draft, newId } = deps;
  const sendMessage = createSendMessage(deps);
  return {
    send: (content) => {
      if (typeof content === 'string' ? content.trim() === '' : content.length === 0) return Promise.resolve(false);
      if (conversation.getState().activeRequestId !== null) return Promise.resolve(false);
      const { items } = conversation.getState();
      // Emptied before the conversation gets its id, so the question is not kept as the new conversation's draft.
      return sendMessage(items, { kind: 'user', id: newId(), parentId: items.at(-1)?.id ?? null, content }, () =>
        draft.setState({ text: '', attachments: [] }, true),
      );
    },
    continueAnswer: (itemId) => {
      const { items, activeRequestId } = conversation.getState();
      const last = lastAnswer(items);
      if (!last || last.id !== itemId || activeRequestId !== null || !offersContinue(last))
        return Promise.resolve(false);
      return sendMessage(itemsBefore(items, last.id), null, undefined, last);
    },
    regenerate: () => {
      const { items } = conversation.getState();
      const last = lastAnswer(items);
      return last ? sendMessage(itemsBefore(items, last.id), null) : Promise.resolve(false);
    },
    editAndResend: (itemId, content) => {
      const { items, activeRequestId } = conversation.getState();
      const target = items.find((item) => item.id === itemId);
      if (target?.kind !== 'user' || activeRequestId !== null) return Promise.resolve(false);
      // A sibling of the edited message: the original stays one ‹ › away.
      return sendMessage(itemsBefore(items, itemId), { kind: 'user', id: newId(), parentId: target.parentId, content });
    },
  };
}
