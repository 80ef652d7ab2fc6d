// The conversation: what was said, the answer streaming now, and the actions
// on both. Free of React; the view subscribes to three stores so that a frame
// of streamed tokens wakes only the streaming row (`live`), while the list
// (`conversation`) changes only when a message is added or ends.
import { createHeldEndpoint } from './held-endpoint';
import type { ChatStore, Draft, LiveAnswer } from './chat-store-types';

export type { ChatStore, Draft, LiveAnswer } from './chat-store-types';
import { createServerPropsFollower } from './server-props-follower';
import { initialStreamingMessage } from '@shared/chat/stream-reducer';
import type { ChatSettings } from '@shared/chat/schemas';
import type { NewConversation } from '@shared/history/types';
import type { ChatMessage } from '@shared/chat/types';
import { newId as defaultNewId } from '../../lib/new-id';
import { createStore } from 'zustand/vanilla';
import type { EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import type { StatusStore } from '../status/status-store';
import { planChatRequest, planChatSend } from './chat-request';
import { surelyFitsContext } from './context-fit';
import { agentToolsPrompt, withToolTokens, type SendRefusal } from './tools-fit';
import { joinToolsPrompt } from '@shared/tools/agent/tools-prompt';
import type { ToolSelection } from '@shared/tools/tool-selection';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import {
  answerFromResult,
  EMPTY_CONVERSATION,
  endpointKey,
  failedAnswer,
  itemsBefore,
  lastAnswer,
  offersContinue,
  newAnswerItem,
  settleAnswer,
  toChatMessages,
  type ChatItem,
  type ConversationState,
  type AnswerState,
  type AnswerItem,
  type UserItem,
} from './conversation';
import { addChild, branchesOf, siblingPosition } from './branches';
import { interruptedAnswer, itemsFromHistory } from './saved-items';
import type { LiveRun } from '@shared/chat/live-run';
import { EMPTY_COUNTER } from './chat-stats';
import { answerFromRun } from './agent-answer';
import { conventionsOf, createConversationConventions, effectiveChat } from './conversation-conventions';
import { showSavedRuns, storageLastOpened, type LastOpened } from './saved-conversation';
import { keepDrafts } from './composer-drafts';
import type { AgentStore } from '../agent/agent-store';
import type { Follow, LiveSnapshot, StreamFollower } from './stream-follower';


export interface ChatStoreDeps {
  api: EvaApi;
  app: SettingsStore;
  status: StatusStore;
  follower: StreamFollower;
  newId?: () => string;
  /** wait between repeated stop calls */
  sleep?: (ms: number) => Promise<void>;
  /** remembers which conversation was open, so a reload shows it again */
  lastOpened?: LastOpened;
  /** where each conversation's draft text is kept across reloads (default: localStorage; null: memory only) */
  draftStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** agent runs (step and approval cards); without it, tools are never used */
  agent?: AgentStore;
  /** the model pool: which of its models answers a conversation; `remember` keeps a conversation's model unless one was picked */
  pool?: { modelFor(conversationId: string | null): string | null; remember(conversationId: string, model: string): void };
}

const STOP_RETRY_MS = 100;
const STOP_RETRIES = 30;

export function createChatStore({
  api,
  app,
  status,
  follower,
  newId = defaultNewId,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  lastOpened = storageLastOpened(),
  draftStorage,
  agent,
  pool,
}: ChatStoreDeps): ChatStore {
  const conversation = createStore<ConversationState>()(() => EMPTY_CONVERSATION);
  const live = createStore<LiveAnswer | null>()(() => null);
  const draft = createStore<Draft>()(() => ({ text: '', attachments: [] }));
  keepDrafts({ draft, conversation, storage: draftStorage });
  const serverProps = createServerPropsFollower({ api, app, status });
  const { props, refresh: refreshProps } = serverProps;
  let openTicket = 0;
  const focus = createStore<string | null>()(() => null);
  const composerFocus = createStore<number>()(() => 0);
  const focusComposer = (): void => composerFocus.setState((n) => n + 1, true);
  const useTools = createStore<boolean>()(() => false);
  const conversationTools = createStore<readonly string[]>()(() => []);
  const heldEndpoint = createHeldEndpoint(app);
  /** request ids that are agent runs (Stop goes to `agent:stop`) */
  const runs = new Set<string>();
  /** the open conversation's own system prompt and sampling (never written to the global settings) */
  const held = createConversationConventions();
  const overflow = createStore<OverflowPolicy | null>()(() => null);
  const contextRefusal = createStore<SendRefusal | null>()(() => null);
  const toolSelection = createStore<ToolSelection | null>()(() => null);
  /** a send is being fitted to the context (counting); another waits its turn */
  let fitting = false;
  /** requests this page did not start but shows (picked up after a reload, or from another window): they end with `chat:ended` */
  const attached = new Map<string, { conversationId: string; follow: Follow }>();

  /** Where this exchange is saved: the open conversation, or a new one the core creates with the first question (no extra round trip before the answer). */
  const recordTarget = (state: ConversationState, chat: ChatSettings, nCtx: number | null): { conversationId: string; create?: NewConversation } => {
    if (state.id !== null) return { conversationId: state.id };
    const model = chat.endpoint.kind === 'local' ? (chat.endpoint.model ?? status.store.getState()?.model?.name ?? '') : '';
    const endpoint = chat.endpoint.kind === 'local' ? { kind: 'local' as const, baseUrl: '', model } : { kind: 'link' as const, baseUrl: '', model, linkId: chat.endpoint.linkId };
    const policy = overflow.getState();
    const tools = toolSelection.getState();
    return { conversationId: newId(), create: { endpoint, systemPrompt: chat.systemPrompt, sampling: { ...chat.sampling }, nCtx, ...(policy ? { overflow: policy } : {}), ...(tools ? { toolSelection: tools } : {}) } };
  };

  /**
   * Ask for an answer after `prefix` (already on screen), with a new question or (regenerate) without;
   * or (Continue) have `continuing`, the answer after `prefix`, go on from its text in place.
   * `accepted` runs once it goes ahead.
   */
  const ask = async (prefix: readonly ChatItem[], question: UserItem | null, accepted?: () => void, continuing?: AnswerItem): Promise<boolean> => {
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
    const runTools = { enableTools: [...conversationTools.getState()], disableTools: [...(toolSelection.getState()?.off ?? [])] };
    // With tools on, the tool list the agent adds to the system prompt is fitted too (tools-fit.ts); only where n_ctx is known.
    fitting = asAgent && nCtx !== null;
    const toolsPrompt = fitting ? await agentToolsPrompt(api, runTools).finally(() => (fitting = false)) : null;
    const fitChat = toolsPrompt ? { ...chat, systemPrompt: joinToolsPrompt(chat.systemPrompt, toolsPrompt) } : chat;
    // Fitted to the context before anything is shown or sent: a prompt that cannot fit is refused here, with the numbers.
    // Without a known n_ctx nothing is trimmed or counted, and the send goes ahead in this same tick.
    const count = (messages: readonly ChatMessage[]) => api.invoke('chat:count-tokens', { endpoint: chat.endpoint, systemPrompt: fitChat.systemPrompt, messages: [...messages] }).then((r) => (r.ok ? r.value : null));
    // A prompt far below the budget (a quarter: even CJK text, ~1 token a character, fits) needs no count either.
    const surelyFits = nCtx === null || surelyFitsContext(fitChat.systemPrompt, toChatMessages(history), nCtx, chat.sampling.max_tokens);
    fitting = !surelyFits;
    const fitted =
      surelyFits
        ? { ok: true as const, plan: planChatRequest({ requestId, history, chat: fitChat, nCtx, slot: before.slot }) }
        : await planChatSend({ requestId, history, chat: fitChat, nCtx, slot: before.slot, policy: overflow.getState() ?? settings.chat.overflow, count }).finally(() => (fitting = false));
    const refusal = fitted.ok ? null : toolsPrompt ? await withToolTokens(api, fitted.refusal, toolsPrompt, chat.endpoint) : fitted.refusal;
    contextRefusal.setState(refusal, true);
    const now = conversation.getState();
    if (!fitted.ok || now.id !== before.id || now.items !== before.items || now.activeRequestId !== null) return false;
    // The agent adds its tool list itself: the request carries the conversation's own system prompt.
    const plan = { ...fitted.plan, input: { ...fitted.plan.input, systemPrompt: chat.systemPrompt, ...(continuing && !resumeRun ? { continueAnswer: true } : {}) } };
    accepted?.();
    const answerParent = continuing ? continuing.parentId : (history.at(-1)?.id ?? null);
    const item = { ...newAnswerItem(continuing?.id ?? newId(), answerParent, requestId, plan.dropped, nCtx), ...(asAgent ? { agentRun: true } : {}) };
    const target = recordTarget(before, chat, nCtx);
    if (poolModel) pool?.remember(target.conversationId, poolModel);
    let branches = before.branches;
    if (question) branches = addChild(branches, question.parentId, question.id);
    if (!continuing) branches = addChild(branches, answerParent, item.id);
    conversation.setState({ ...before, id: target.conversationId, items: [...(continuing ? prefix : history), item], branches, activeRequestId: requestId }, true);
    lastOpened.set(target.conversationId);
    const follow = follower.follow(requestId, (snapshot) => live.setState((current) => (current?.requestId === requestId ? { ...current, ...snapshot } : current), true), { turns: asAgent });
    // A continued answer keeps its text on screen until the stream brings it back with the new words.
    live.setState({ itemId: item.id, requestId, message: { ...initialStreamingMessage(), content: resumeRun ? '' : (continuing?.answer.content ?? '') }, counter: item.counter, turn: null }, true);

    const record = { ...target, parentId: question ? question.parentId : answerParent, answerId: item.id, ...(question ? { question: { id: question.id, content: question.content } } : {}) };
    let answer: AnswerState;
    let final: LiveSnapshot;
    if (asAgent && agent) {
      runs.add(requestId);
      const { mode: _mode, ...runInput } = plan.input;
      const { enableTools, disableTools } = runTools;
      const result = await agent.run({ ...runInput, record, ...(resumeRun ? { resume: true } : {}), ...(enableTools.length > 0 ? { enableTools } : {}), ...(disableTools.length > 0 ? { disableTools } : {}) }, { conversationId: target.conversationId });
      runs.delete(requestId);
      final = follow.finish();
      answer = result.ok ? answerFromRun(result.value) : failedAnswer(final.message, result.error);
    } else {
      const result = await api.invoke('chat:send', { ...plan.input, record });
      final = follow.finish();
      answer = result.ok ? answerFromResult(result.value) : failedAnswer(final.message, result.error);
    }
    const key = endpointKey(chat.endpoint);
    conversation.setState((current) => ({
      ...current,
      items: settleAnswer(current.items, requestId, answer, final.counter),
      activeRequestId: current.activeRequestId === requestId ? null : current.activeRequestId,
      slot: answer.slotId !== null ? { endpointKey: key, slotId: answer.slotId } : current.slot,
    }), true);
    live.setState((current) => (current?.requestId === requestId ? null : current), true);
    return true;
  };

  /**
   * Loads a saved conversation onto the screen (a newer open or clear wins the race).
   * Its system prompt and sampling apply to it alone (conversation-conventions.ts); its
   * endpoint is offered, never switched to (held-endpoint.ts).
   */
  const load = async (conversationId: string, restore = false, attempt = 0): Promise<boolean> => {
    const ticket = ++openTicket;
    const opened = await api.invoke('history:open', { id: conversationId });
    if (ticket !== openTicket) return false;
    if (!opened.ok) {
      if (lastOpened.get() === conversationId) lastOpened.set(null);
      return false;
    }
    const { meta } = opened.value;
    if (restore) heldEndpoint.opened(meta);
    if (meta.endpoint.kind === 'local' && meta.endpoint.model) pool?.remember(meta.id, meta.endpoint.model);
    held.setState(conventionsOf(meta), true);
    overflow.setState(meta.overflow ?? null, true);
    toolSelection.setState(meta.toolSelection ?? null, true);
    contextRefusal.setState(null, true);
    const settings = app.store.getState().settings;
    const currentKey = settings ? endpointKey(settings.chat.endpoint) : null;
    const savedKey = meta.endpoint.kind === 'local' ? 'local' : meta.endpoint.linkId ? `link:${meta.endpoint.linkId}` : null;
    // The controller is switched on per conversation, and only for the one in front of the user.
    conversationTools.setState([], true);
    const items = itemsFromHistory(opened.value);
    if (agent) showSavedRuns(agent, meta.id, opened.value.messages);
    if (items.some((item) => item.kind === 'assistant' && item.agentRun)) useTools.setState(true, true);
    conversation.setState({
      id: meta.id,
      items,
      branches: branchesOf(opened.value.messages),
      activeRequestId: null,
      // The server's KV cache for this conversation is only worth reusing on the endpoint that built it.
      slot: meta.slotId !== null && savedKey !== null && savedKey === currentKey ? { endpointKey: savedKey, slotId: meta.slotId } : null,
    }, true);
    live.setState(null, true);
    lastOpened.set(meta.id);
    if (items.some(isAnswering)) await reattach(meta.id, ticket, attempt);
    return true;
  };

  /** Show a request the core is still answering in this conversation (the page was reloaded, or another window sent it) where it stands. */
  const attach = (run: LiveRun): void => {
    const { requestId } = run;
    const asAgent = run.kind === 'agent' && agent !== undefined;
    if (asAgent) {
      runs.add(requestId);
      agent.attach(run);
      useTools.setState(true, true);
    }
    conversation.setState((state) => ({
      ...state,
      activeRequestId: requestId,
      items: state.items.map((item) => (item.kind === 'assistant' && item.id === run.answerId ? { ...item, requestId, ...(asAgent ? { agentRun: true } : {}) } : item)),
    }), true);
    const follow = follower.follow(requestId, (snapshot) => live.setState((current) => (current?.requestId === requestId ? { ...current, ...snapshot } : current), true), { turns: asAgent, from: { message: run.message, turn: run.turn } });
    live.setState({ itemId: run.answerId, requestId, message: run.message, counter: EMPTY_COUNTER, turn: run.turn }, true);
    attached.set(requestId, { conversationId: run.conversationId, follow });
  };

  /** Stop showing an attached request; it goes on in the core (its own page, if any, still owns it). */
  const detach = (requestId: string): void => {
    const held = attached.get(requestId);
    if (!held) return;
    attached.delete(requestId);
    held.follow.finish();
    runs.delete(requestId);
    agent?.release(requestId);
  };

  const reattach = async (conversationId: string, ticket: number, attempt: number): Promise<void> => {
    const found = await api.invoke('runs:live', { conversationId });
    if (ticket !== openTicket || conversation.getState().activeRequestId !== null) return;
    const answering = conversation.getState().items.filter(isAnswering);
    const liveRuns = found.ok ? found.value.runs : [];
    const run = liveRuns.find((candidate) => answering.some((item) => item.id === candidate.answerId));
    if (run) attach(run);
    const orphans = answering.filter((item) => !liveRuns.some((candidate) => candidate.answerId === item.id));
    if (orphans.length === 0) return;
    // It ended between the two calls, so its final state is saved now: read it again, once.
    if (attempt === 0 && found.ok && !run) {
      await load(conversationId, false, 1);
      return;
    }
    // Nothing will finish these (or the core cannot say): cut off, never a row that waits for ever.
    const ids = new Set(orphans.map((item) => item.id));
    conversation.setState((state) => ({ ...state, items: state.items.map((item) => (item.kind === 'assistant' && ids.has(item.id) ? { ...item, answer: interruptedAnswer(item.answer) } : item)) }), true);
  };

  /** Leaving the conversation: a request this page started is stopped, one it only shows goes on. */
  const leave = async (requestId: string): Promise<void> => {
    if (attached.has(requestId)) {
      detach(requestId);
      conversation.setState((state) => (state.activeRequestId === requestId ? { ...state, activeRequestId: null } : state), true);
      live.setState((current) => (current?.requestId === requestId ? null : current), true);
      return;
    }
    await stopRequest(requestId);
  };

  /** The core registers a request only once it has resolved the endpoint; a stop before that finds nothing, so ask again. */
  const stopRequest = async (requestId: string): Promise<void> => {
    for (let attempt = 0; attempt < STOP_RETRIES; attempt++) {
      const result = runs.has(requestId) && agent ? await agent.stop(requestId) : await api.invoke('chat:stop', { requestId });
      if (!result.ok || result.value.stopped || conversation.getState().activeRequestId !== requestId) return;
      await sleep(STOP_RETRY_MS);
      if (conversation.getState().activeRequestId !== requestId) return;
    }
  };

  return {
    conversation,
    draft,
    live,
    props,
    start: () => {
      const offProps = serverProps.start();
      const offHeld = heldEndpoint.start();
      const offEnded = api.on('chat:ended', ({ requestId, conversationId }) => {
        if (!attached.has(requestId)) return;
        detach(requestId);
        const state = conversation.getState();
        if (state.activeRequestId !== requestId) return;
        conversation.setState({ ...state, activeRequestId: null }, true);
        live.setState(null, true);
        // The answer is saved with its steps by now: show it as saved.
        if (state.id === conversationId) void load(conversationId);
      });
      const off = (): void => {
        offProps();
        offHeld();
        offEnded();
      };
      const last = lastOpened.get();
      if (last !== null && conversation.getState().id === null && conversation.getState().items.length === 0) void load(last);
      return off;
    },
    send: (content) => {
      if (typeof content === 'string' ? content.trim() === '' : content.length === 0) return Promise.resolve(false);
      if (conversation.getState().activeRequestId !== null) return Promise.resolve(false);
      const { items } = conversation.getState();
      // Emptied before the conversation gets its id, so the question is not kept as the new conversation's draft.
      return ask(items, { kind: 'user', id: newId(), parentId: items.at(-1)?.id ?? null, content }, () => draft.setState({ text: '', attachments: [] }, true));
    },
    stop: async () => {
      const requestId = conversation.getState().activeRequestId;
      if (requestId !== null) await stopRequest(requestId);
    },
    continueAnswer: (itemId) => {
      const { items, activeRequestId } = conversation.getState();
      const last = lastAnswer(items);
      if (!last || last.id !== itemId || activeRequestId !== null || !offersContinue(last)) return Promise.resolve(false);
      return ask(itemsBefore(items, last.id), null, undefined, last);
    },
    regenerate: () => {
      const { items } = conversation.getState();
      const last = lastAnswer(items);
      return last ? ask(itemsBefore(items, last.id), null) : Promise.resolve(false);
    },
    editAndResend: (itemId, content) => {
      const { items, activeRequestId } = conversation.getState();
      const target = items.find((item) => item.id === itemId);
      if (target?.kind !== 'user' || activeRequestId !== null) return Promise.resolve(false);
      // A sibling of the edited message: the original stays one ‹ › away.
      return ask(itemsBefore(items, itemId), { kind: 'user', id: newId(), parentId: target.parentId, content });
    },
    clear: () => {
      const { activeRequestId: requestId, id: leaving } = conversation.getState();
      if (requestId !== null) void leave(requestId);
      // The core saves the conversation's slot now, while the user types the new one's first question.
      if (leaving !== null) void api.invoke('history:leave');
      openTicket++;
      focus.setState(null, true);
      conversationTools.setState([], true);
      held.setState(null, true);
      overflow.setState(null, true);
      toolSelection.setState(null, true);
      contextRefusal.setState(null, true);
      heldEndpoint.forget();
      conversation.setState(EMPTY_CONVERSATION, true);
      live.setState(null, true);
      lastOpened.set(null);
      focusComposer();
    },
    open: async (conversationId, messageId) => {
      const requestId = conversation.getState().activeRequestId;
      if (requestId !== null) await leave(requestId);
      // A hit in another branch: show that branch.
      if (messageId !== undefined) await api.invoke('history:select-branch', { conversationId, messageId });
      const opened = await load(conversationId, true);
      focus.setState(opened && messageId !== undefined && conversation.getState().items.some((item) => item.id === messageId) ? messageId : null, true);
      if (opened) focusComposer();
      return opened;
    },
    focus,
    composerFocus,
    heldEndpoint,
    conventions: held,
    useTools,
    conversationTools,
    switchBranch: async (itemId, step) => {
      const state = conversation.getState();
      const item = state.items.find((candidate) => candidate.id === itemId);
      if (!item || state.id === null || state.activeRequestId !== null) return false;
      const position = siblingPosition(state.branches, item.parentId, item.id);
      const target = position?.ids[position.index + step];
      if (target === undefined) return false;
      const selected = await api.invoke('history:select-branch', { conversationId: state.id, messageId: target });
      return selected.ok ? load(state.id) : false;
    },
    refreshProps,
    overflow,
    contextRefusal,
    toolSelection,
  };
}

/** A saved answer the core is still writing. */
function isAnswering(item: ChatItem): item is Extract<ChatItem, { kind: 'assistant' }> {
  return item.kind === 'assistant' && item.answer.status === 'streaming';
}
