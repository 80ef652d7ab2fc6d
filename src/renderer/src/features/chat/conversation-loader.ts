// Puts a saved conversation on the screen, and shows the requests still being
// answered in it that this page did not start (picked up after a reload, or sent
// from another window) until they end with `chat:ended`.
import type { LiveRun } from '@shared/chat/live-run';
import type { EvaApi } from '../../platform/types';
import type { AgentStore } from '../agent/agent-store';
import type { SettingsStore } from '../settings/settings-store';
import { branchesOf } from './branches';
import { EMPTY_COUNTER } from './chat-stats';
import type { ChatStore, ConversationModels } from './chat-store-types';
import { endpointKey, type ChatItem } from './conversation';
import { conventionsOf } from './conversation-conventions';
import { showSavedRuns, type LastOpened } from './saved-conversation';
import { interruptedAnswer, itemsFromHistory } from './saved-items';
import type { StopRequest } from './stop-request';
import { summariesOf } from './summaries';
import type { Follow, StreamFollower } from './stream-follower';

export interface ConversationLoaderDeps extends Pick<
  ChatStore,
  | 'conversation'
  | 'live'
  | 'heldEndpoint'
  | 'conventions'
  | 'overflow'
  | 'toolSelection'
  | 'structuredOutput'
  | 'contextRefusal'
  | 'conversationTools'
  | 'useTools'
  | 'summaries'
> {
  api: EvaApi;
  app: SettingsStore;
  follower: StreamFollower;
  lastOpened: LastOpened;
  agent?: AgentStore;
  pool?: Pick<ConversationModels, 'remember'>;
  /** request ids that are agent runs (Stop goes to `agent:stop`) */
  runs: Set<string>;
  stopRequest: StopRequest;
}

export interface ConversationLoader {
  /**
   * show a saved conversation; `restore` offers its endpoint (held-endpoint.ts); false when it cannot be opened or a
   * newer open or clear won
   */
  load(conversationId: string, restore?: boolean): Promise<boolean>;
  /** leaving the conversation with `requestId` running */
  leave(requestId: string): Promise<void>;
  /** a new conversation was started: a load still under way no longer shows */
  cancelLoads(): void;
  /** subscribe to `chat:ended` for the attached requests; returns the unsubscribe function */
  followEnded(): () => void;
}

export function createConversationLoader({
  api,
  app,
  follower,
  lastOpened,
  agent,
  pool,
  runs,
  stopRequest,
  conversation,
  live,
  heldEndpoint,
  conventions: held,
  overflow,
  toolSelection,
  structuredOutput,
  contextRefusal,
  conversationTools,
  useTools,
  summaries,
}: ConversationLoaderDeps): ConversationLoader {
  let openTicket = 0;
  /**
   * requests this page did not start but shows (picked up after a reload, or from another window): they end with
   * `chat:ended`
   */
  const attached = new Map<string, { conversationId: string; follow: Follow }>();

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
    structuredOutput.setState(meta.structuredOutput ?? null, true);
    contextRefusal.setState(null, true);
    summaries.setState(summariesOf(opened.value), true);
    const settings = app.store.getState().settings;
    const currentKey = settings ? endpointKey(settings.chat.endpoint) : null;
    const savedKey =
      meta.endpoint.kind === 'local' ? 'local' : meta.endpoint.linkId ? `link:${meta.endpoint.linkId}` : null;
    // The controller is switched on per conversation, and only for the one in front of the user.
    conversationTools.setState([], true);
    const items = itemsFromHistory(opened.value);
    if (agent) showSavedRuns(agent, meta.id, opened.value.messages);
    if (items.some((item) => item.kind === 'assistant' && item.agentRun)) useTools.setState(true, true);
    conversation.setState(
      {
        id: meta.id,
        items,
        branches: branchesOf(opened.value.messages),
        activeRequestId: null,
        // The server's KV cache for this conversation is only worth reusing on the endpoint that built it.
        slot:
          meta.slotId !== null && savedKey !== null && savedKey === currentKey
            ? { endpointKey: savedKey, slotId: meta.slotId }
            : null,
      },
      true,
    );
    live.setState(null, true);
    lastOpened.set(meta.id);
    if (items.some(isAnswering)) await reattach(meta.id, ticket, attempt);
    return true;
  };

  /**
   * Show a request the core is still answering in this conversation (the page was reloaded, or another window sent it)
   * where it stands.
   */
  const attach = (run: LiveRun): void => {
    const { requestId } = run;
    const asAgent = run.kind === 'agent' && agent !== undefined;
    if (asAgent) {
      runs.add(requestId);
      agent.attach(run);
      useTools.setState(true, true);
    }
    conversation.setState(
      (state) => ({
        ...state,
        activeRequestId: requestId,
        items: state.items.map((item) =>
          item.kind === 'assistant' && item.id === run.answerId
            ? { ...item, requestId, ...(asAgent ? { agentRun: true } : {}) }
            : item,
        ),
      }),
      true,
    );
    const follow = follower.follow(
      requestId,
      (snapshot) =>
        live.setState((current) => (current?.requestId === requestId ? { ...current, ...snapshot } : current), true),
      { turns: asAgent, from: { message: run.message, turn: run.turn } },
    );
    live.setState(
      { itemId: run.answerId, requestId, message: run.message, counter: EMPTY_COUNTER, turn: run.turn },
      true,
    );
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
    conversation.setState(
      (state) => ({
        ...state,
        items: state.items.map((item) =>
          item.kind === 'assistant' && ids.has(item.id) ? { ...item, answer: interruptedAnswer(item.answer) } : item,
        ),
      }),
      true,
    );
  };

  /** Leaving the conversation: a request this page started is stopped, one it only shows goes on. */
  const leave = async (requestId: string): Promise<void> => {
    if (attached.has(requestId)) {
      detach(requestId);
      conversation.setState(
        (state) => (state.activeRequestId === requestId ? { ...state, activeRequestId: null } : state),
        true,
      );
      live.setState((current) => (current?.requestId === requestId ? null : current), true);
      return;
    }
    await stopRequest(requestId);
  };

  return {
    load,
    leave,
    cancelLoads: () => {
      openTicket++;
    },
    followEnded: () =>
      api.on('chat:ended', ({ requestId, conversationId }) => {
        if (!attached.has(requestId)) return;
        detach(requestId);
        const state = conversation.getState();
        if (state.activeRequestId !== requestId) return;
        conversation.setState({ ...state, activeRequestId: null }, true);
        live.setState(null, true);
        // The answer is saved with its steps by now: show it as saved.
        if (state.id === conversationId) void load(conversationId);
      }),
  };
}

/** A saved answer the core is still writing. */
function isAnswering(item: ChatItem): item is Extract<ChatItem, { kind: 'assistant' }> {
  return item.kind === 'assistant' && item.answer.status === 'streaming';
}
