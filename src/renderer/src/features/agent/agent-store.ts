// Agent runs as the renderer sees them: steps (`agent:step`) and approval cards
// (`agent:ask`) per run id, the user's answers sent with `agent:consent`, the
// MCP servers' form cards (`agent:elicit`) and the tools each conversation
// allowed "for this conversation". React-free; the chat store drives it, the
// step, approval and form cards render it.
import type { InvokeInput, InvokeOutput } from '@shared/contract';
import type { AgentStep } from '@shared/tools/agent/agent-types';
import type { LiveRun } from '@shared/chat/live-run';
import { allowedEntryByName, type ConsentAnswer } from '@shared/tools/consent';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EvaApi, Result } from '../../platform/types';
import {
  addCard,
  addStep,
  attachedRun,
  cancelOpenCards,
  endRun,
  findCard,
  isOpen,
  newRun,
  runCards,
  runSteps,
  updateCard,
  withAllowed,
  type AgentRunState,
  type ApprovalCardModel,
  type ConsentChoice,
  type RunOutcome,
} from './agent-runs';
import { createElicitForms, type ElicitForms } from './elicit-forms';

export interface AgentState {
  runs: Readonly<Record<string, AgentRunState>>;
  /** per conversation id: tools the user allowed for the whole conversation */
  allowed: Readonly<Record<string, readonly string[]>>;
}

/** What `agent:run` answers. */
export type AgentRunOutput = InvokeOutput<'agent:run'>;

/** An `agent:run` input whose allowed list may come from the conversation instead. */
export type AgentRunRequest = Omit<InvokeInput<'agent:run'>, 'conversationAllowed'> & {
  conversationAllowed?: string[];
};

export interface AgentStore {
  store: StoreApi<AgentState>;
  /** MCP servers' questions during the runs' tool calls (form cards) */
  forms: ElicitForms;
  /** Listen to `agent:step` and `agent:ask`; returns the teardown. Runs start listening by themselves too. */
  start(): () => void;
  /** Show a run: call before `agent:run` is invoked, so no event of it is missed. */
  startRun(runId: string, options?: { conversationId?: string; allowed?: readonly string[] }): void;
  /** startRun, `agent:run`, finishRun: the whole run; the allowed list defaults to the conversation's. */
  run(input: AgentRunRequest, options?: { conversationId?: string }): Promise<Result<AgentRunOutput>>;
  /** Record how a run ended (the `agent:run` result, or an error); open cards are closed. */
  finishRun(runId: string, outcome: Result<AgentRunOutput> | RunOutcome): void;
  /** Stop a run in the core; its open cards close once the core no longer waits for them. */
  stop(runId: string): Promise<Result<{ stopped: boolean }>>;
  /** Answer an approval card; false when it is not open, the choice is not offered, or the core refused. */
  answer(askId: string, choice: ConsentChoice, reason?: string): Promise<boolean>;
  getRun(runId: string): AgentRunState | null;
  steps(runId: string): AgentStep[];
  /** Cards still waiting for the user (or for their answer to arrive). */
  pending(runId: string): ApprovalCardModel[];
  allowedIn(conversationId: string): readonly string[];
  /** Seed a conversation's list, e.g. when it is opened from history. */
  setAllowed(conversationId: string, tools: readonly string[]): void;
  /** Forget a run; one still going is stopped first, so no hidden card leaves the core waiting. */
  dispose(runId: string): void;
  /**
   * Show a run this page did not start (a reload, another window) where the core says it stands; its cards, approval
   * and form, can be answered here.
   */
  attach(live: LiveRun): void;
  /** Forget an attached run once it is over (its answer and steps are in the history then); nothing is stopped. */
  release(runId: string): void;
}

const MAX_REASON_CHARS = 2000;

export function createAgentStore(api: EvaApi): AgentStore {
  const store = createStore<AgentState>()(() => ({ runs: {}, allowed: {} }));
  const forms = createElicitForms(api);
  let unsubscribe: (() => void) | null = null;

  const setRun = (runId: string, change: (run: AgentRunState) => AgentRunState): void =>
    store.setState((state) => {
      const run = state.runs[runId];
      if (!run) return state;
      const next = change(run);
      return next === run ? state : { ...state, runs: { ...state.runs, [runId]: next } };
    }, true);

  const rememberAllowed = (conversationId: string | null, tools: readonly string[]): void => {
    if (conversationId === null) return;
    store.setState((state) => ({ ...state, allowed: { ...state.allowed, [conversationId]: [...tools] } }), true);
  };

  const forget = (runId: string): void =>
    store.setState((state) => {
      if (!state.runs[runId]) return state;
      const { [runId]: _gone, ...runs } = state.runs;
      return { ...state, runs };
    }, true);

  const runOfCard = (askId: string): AgentRunState | null =>
    Object.values(store.getState().runs).find((run) => findCard(run, askId) !== null) ?? null;

  const listen = (): void => {
    if (unsubscribe) return;
    // Events of runs this window did not start (another window, a run before a reload) are not ours to show.
    const offStep = api.on('agent:step', ({ requestId, step }) => setRun(requestId, (run) => addStep(run, step)));
    const offAsk = api.on('agent:ask', (request) => setRun(request.requestId, (run) => addCard(run, request)));
    const offForms = forms.listen();
    unsubscribe = () => {
      offStep();
      offAsk();
      offForms();
    };
  };

  const startRun: AgentStore['startRun'] = (runId, options = {}) => {
    listen();
    const conversationId = options.conversationId ?? null;
    const allowed =
      options.allowed ?? (conversationId !== null ? (store.getState().allowed[conversationId] ?? []) : []);
    store.setState(
      (state) => ({ ...state, runs: { ...state.runs, [runId]: newRun(runId, conversationId, allowed) } }),
      true,
    );
  };

  const finishRun: AgentStore['finishRun'] = (runId, outcome) => {
    const run = store.getState().runs[runId];
    if (!run) return;
    const ended: RunOutcome =
      'ok' in outcome ? (outcome.ok ? outcome.value : { end: 'error', error: outcome.error }) : outcome;
    setRun(runId, (current) => endRun(current, ended));
    forms.closeRun(runId);
    if (ended.conversationAllowed) rememberAllowed(run.conversationId, ended.conversationAllowed);
  };

  const stop: AgentStore['stop'] = async (runId) => {
    const result = await api.invoke('agent:stop', { requestId: runId });
    // Whether it stopped now or was already over, the core no longer waits for these cards.
    if (result.ok) {
      setRun(runId, cancelOpenCards);
      forms.closeRun(runId);
    }
    return result;
  };

  return {
    store,
    forms,
    start: () => {
      listen();
      return () => {
        unsubscribe?.();
        unsubscribe = null;
      };
    },
    startRun,
    run: async (input, options = {}) => {
      const conversationId = options.conversationId ?? null;
      const conversationAllowed =
        input.conversationAllowed ??
        (conversationId !== null ? [...(store.getState().allowed[conversationId] ?? [])] : []);
      startRun(input.requestId, {
        ...(conversationId !== null ? { conversationId } : {}),
        allowed: conversationAllowed,
      });
      const result = await api.invoke('agent:run', { ...input, conversationAllowed });
      finishRun(input.requestId, result);
      return result;
    },
    finishRun,
    stop,
    answer: async (askId, choice, reason) => {
      const run = runOfCard(askId);
      const card = run ? findCard(run, askId) : null;
      if (!run || !card || card.state !== 'pending' || !card.request.choices.includes(choice)) return false;
      const why = reason?.trim().slice(0, MAX_REASON_CHARS) ?? '';
      const answer: ConsentAnswer =
        choice === 'deny' ? (why === '' ? { kind: 'deny' } : { kind: 'deny', reason: why }) : { kind: choice };
      setRun(run.runId, (current) => updateCard(current, askId, (c) => ({ ...c, state: 'sending', error: null })));
      const result = await api.invoke('agent:consent', { askId, answer });
      if (!result.ok) {
        setRun(run.runId, (current) =>
          updateCard(current, askId, (c) =>
            c.state === 'sending' ? { ...c, state: 'pending', error: result.error } : c,
          ),
        );
        return false;
      }
      if (!result.value.accepted) {
        // The core no longer waits for it (the run was stopped meanwhile).
        setRun(run.runId, (current) => updateCard(current, askId, (c) => ({ ...c, state: 'cancelled' })));
        return false;
      }
      setRun(run.runId, (current) => {
        const answered = updateCard(current, askId, (c) => ({ ...c, state: 'answered', answer }));
        const entry = allowedEntryByName(card.request.tool, answer);
        return entry !== null ? { ...answered, allowed: withAllowed(answered.allowed, entry) } : answered;
      });
      const updated = store.getState().runs[run.runId];
      if ((choice === 'allow_conversation' || choice === 'allow_server') && updated)
        rememberAllowed(run.conversationId, updated.allowed);
      return true;
    },
    getRun: (runId) => store.getState().runs[runId] ?? null,
    steps: (runId) => {
      const run = store.getState().runs[runId];
      return run ? runSteps(run) : [];
    },
    pending: (runId) => {
      const run = store.getState().runs[runId];
      return run ? runCards(run).filter(isOpen) : [];
    },
    allowedIn: (conversationId) => store.getState().allowed[conversationId] ?? [],
    setAllowed: (conversationId, tools) => rememberAllowed(conversationId, tools),
    dispose: (runId) => {
      const run = store.getState().runs[runId];
      if (!run) return;
      if (run.running) void api.invoke('agent:stop', { requestId: runId });
      forget(runId);
    },
    attach: (live) => {
      listen();
      const run = attachedRun(live);
      store.setState((state) => ({ ...state, runs: { ...state.runs, [live.requestId]: run } }), true);
      for (const form of live.forms) forms.show(form);
      rememberAllowed(live.conversationId, run.allowed);
    },
    release: (runId) => {
      forget(runId);
      forms.closeRun(runId);
    },
  };
}
