// Completion mode (EVA's 补完): the editor's whole text is the prompt and the
// model's continuation is written into the same text, in place. Stopping keeps
// what was written; a failure keeps it too and says why.
import type { Timings, Usage } from '@shared/chat/types';
import { newId as defaultNewId } from '../../lib/new-id';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EvaApi } from '../../platform/types';
import type { SettingsStore } from '../settings/settings-store';
import { EMPTY_COUNTER, type TokenCounter } from './chat-stats';
import { requestSampling } from './chat-request';
import type { AnswerError } from './conversation';
import type { StreamFollower } from './stream-follower';

export interface CompletionState {
  text: string;
  /** the request in flight; its prompt is the text as it was when sent */
  running: { requestId: string; prompt: string } | null;
  status: 'idle' | 'done' | 'stopped' | 'error';
  error: AnswerError | null;
  timings: Timings | null;
  usage: Usage | null;
  counter: TokenCounter;
}

/** The continuation so far, per frame. */
export interface LiveCompletion {
  requestId: string;
  written: string;
  counter: TokenCounter;
}

export interface CompletionStore {
  state: StoreApi<CompletionState>;
  live: StoreApi<LiveCompletion | null>;
  setText(text: string): void;
  run(): Promise<boolean>;
  stop(): Promise<void>;
}

const INITIAL: CompletionState = {
  text: '',
  running: null,
  status: 'idle',
  error: null,
  timings: null,
  usage: null,
  counter: EMPTY_COUNTER,
};

export function createCompletionStore({
  api,
  app,
  follower,
  newId = defaultNewId,
}: {
  api: EvaApi;
  app: SettingsStore;
  follower: StreamFollower;
  newId?: () => string;
}): CompletionStore {
  const state = createStore<CompletionState>()(() => INITIAL);
  const live = createStore<LiveCompletion | null>()(() => null);

  return {
    state,
    live,
    setText: (text) => state.setState((current) => (current.running ? current : { ...current, text }), true),
    run: async () => {
      const settings = app.store.getState().settings;
      const current = state.getState();
      if (!settings || current.running || current.text === '') return false;
      const requestId = newId();
      const prompt = current.text;
      state.setState(
        {
          ...current,
          running: { requestId, prompt },
          status: 'idle',
          error: null,
          timings: null,
          usage: null,
          counter: EMPTY_COUNTER,
        },
        true,
      );
      live.setState({ requestId, written: '', counter: EMPTY_COUNTER }, true);
      // Raw deltas: in a plain continuation a <think> tag is text like any other.
      const follow = follower.follow(
        requestId,
        (snapshot) => live.setState({ requestId, written: snapshot.raw, counter: snapshot.counter }, true),
        { raw: true },
      );
      const chat = settings.chat;
      const result = await api.invoke('chat:send', {
        mode: 'completion',
        requestId,
        endpoint: chat.endpoint,
        prompt,
        sampling: requestSampling(chat),
        idSlot: null,
      });
      const final = follow.finish();
      const value = result.ok ? result.value : null;
      // Events reach us before the result; if none came (a non-streaming server), the result's text is all there is.
      const written = final.raw !== '' ? final.raw : (value?.content ?? '');
      state.setState(
        {
          text: prompt + written,
          running: null,
          status: value ? (value.status === 'streaming' ? 'done' : value.status) : 'error',
          error: value ? (value.error ?? null) : result.ok ? null : result.error,
          timings: value?.timings ?? null,
          usage: value?.usage ?? null,
          counter: final.counter,
        },
        true,
      );
      live.setState(null, true);
      return true;
    },
    stop: async () => {
      const running = state.getState().running;
      if (running) await api.invoke('chat:stop', { requestId: running.requestId });
    },
  };
}
