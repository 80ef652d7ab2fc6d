// Read aloud (朗读): speaks the answer sentence by sentence while it streams.
// It follows the chat's `live` store for completed sentences and the
// conversation for how the answer ended: done → the rest is said; stopped,
// failed, a new question, another conversation or switching it off → silence.
// Free of React, Web Speech and the audio element (the Speaker is passed in).
// The neural voice's Test goes through here too, so it silences the reading.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { realTimers, type Timers } from '../../lib/timers';
import type { Result } from '../../platform/types';
import type { AppSettings, SettingsPatch } from '@shared/contract';
import type { SettingsState } from '../settings/settings-store';
import type { PlaybackFacts } from './audio-player';
import type { NeuralSpeaker, NeuralVoice, TestOutcome } from './neural-speaker';
import { takeSentences } from './sentence-splitter';
import type { Speaker, VoiceAvailability } from './speaker';

/** A store read-aloud only watches: the chat's stores fit it without read-aloud depending on the chat. */
type Watched<T> = Pick<StoreApi<T>, 'getState' | 'subscribe'>;

/** What read-aloud reads of the answer streaming now. */
export interface SpokenLive {
  requestId: string;
  message: { content: string };
}

/** What read-aloud reads of the conversation: which answer is running, and how each ended. */
export interface SpokenConversation {
  id: string | null;
  activeRequestId: string | null;
  items: readonly (
    { kind: 'user' } | { kind: 'assistant'; requestId: string; answer: { status: string; content: string } }
  )[];
}

export interface ReadAloudDeps {
  chat: { live: Watched<SpokenLive | null>; conversation: Watched<SpokenConversation> };
  app: { store: StoreApi<SettingsState>; updateSettings(patch: SettingsPatch): Promise<Result<AppSettings>> };
  speaker: Speaker;
  /** the neural voice behind `speaker`, for the Voice panel's Test; absent where the page has none (tests) */
  neural?: NeuralReader;
  timers?: Timers;
  /** how long an empty voice list may still be filling in before we say there is no voice */
  voiceWaitMs?: number;
}

/** The neural voice as the Voice panel and the composer see it. */
export interface NeuralReader {
  speaker: Pick<NeuralSpeaker, 'test'>;
  /** what the page's player has played */
  playback: StoreApi<PlaybackFacts>;
}

export interface ReadAloudStore {
  /** true while sentences are queued or being said */
  speaking: StoreApi<boolean>;
  availability: StoreApi<VoiceAvailability>;
  /** how many system voices there are now */
  voiceCount(): number;
  /** follow the chat and the voice list; returns the teardown (which also falls silent) */
  start(): () => void;
  /** the persisted on/off setting */
  setEnabled(enabled: boolean): Promise<Result<AppSettings>>;
  /** say a whole (finished) answer now, whatever the setting */
  readText(markdown: string): void;
  /** fall silent now */
  stop(): void;
  neural: NeuralReader | null;
  /** silence the reading, then say `text` with `voice` (the Voice panel's Test) */
  testVoice(voice: NeuralVoice, text: string): Promise<TestOutcome>;
}

export const VOICE_WAIT_MS = 1500;

export function createReadAloudStore({
  chat,
  app,
  speaker,
  neural,
  timers = realTimers(),
  voiceWaitMs = VOICE_WAIT_MS,
}: ReadAloudDeps): ReadAloudStore {
  const speaking = createStore<boolean>()(() => false);
  const availability = createStore<VoiceAvailability>()(() => 'checking');
  // Callbacks of utterances from before the last cancel must not touch `pending`.
  let generation = 0;
  let pending = 0;
  let reading: { requestId: string; next: number } | null = null;
  // The answer the user silenced while it streams: its later sentences stay unsaid.
  let hushed: string | null = null;
  let lastActive: string | null = null;
  let lastConversation: string | null = null;
  let waited = false;

  const enabled = (): boolean =>
    app.store.getState().settings?.readAloud === true && availability.getState() !== 'unsupported';

  const say = (sentences: readonly string[]): void => {
    for (const sentence of sentences) {
      const mine = generation;
      pending++;
      speaking.setState(true, true);
      speaker.speak(sentence, () => {
        if (mine !== generation) return;
        pending = Math.max(0, pending - 1);
        if (pending === 0) speaking.setState(false, true);
      });
    }
  };

  const silence = (): void => {
    generation++;
    pending = 0;
    speaking.setState(false, true);
    speaker.cancel();
  };

  /** Silence, and leave the answer streaming now unread. */
  const hush = (): void => {
    hushed = chat.live.getState()?.requestId ?? null;
    reading = null;
    silence();
  };

  const onLive = (): void => {
    const current = chat.live.getState();
    if (!current || !enabled() || current.requestId === hushed) return;
    if (reading?.requestId !== current.requestId) {
      silence();
      reading = { requestId: current.requestId, next: 0 };
    }
    // Held back until the answer is done (onConversation then says all of it): see Speaker.waitsForDone.
    if (speaker.waitsForDone?.()) return;
    const batch = takeSentences(current.message.content, reading.next, false);
    reading.next = batch.next;
    say(batch.sentences);
  };

  const onConversation = (): void => {
    const state = chat.conversation.getState();
    if (state.id !== lastConversation) {
      // Another conversation opened, or a new one: what was being read belongs to the old one.
      if (lastConversation !== null) silence();
      lastConversation = state.id;
      if (state.activeRequestId === null) reading = null;
    }
    if (state.activeRequestId !== null && state.activeRequestId !== lastActive) {
      // The user sent (or asked again): stop reading the previous answer.
      silence();
      reading = enabled() ? { requestId: state.activeRequestId, next: 0 } : null;
    }
    lastActive = state.activeRequestId;
    if (!reading || state.activeRequestId === reading.requestId) return;
    const { requestId, next } = reading;
    reading = null;
    const item = state.items.find((candidate) => candidate.kind === 'assistant' && candidate.requestId === requestId);
    if (item?.kind === 'assistant' && item.answer.status === 'done' && enabled())
      say(takeSentences(item.answer.content, next, true).sentences);
    else silence();
  };

  let wasEnabled = false;
  const onSettings = (): void => {
    const now = enabled();
    if (wasEnabled && !now) hush();
    wasEnabled = now;
  };

  const checkVoices = (): void => {
    const voices = speaker.voices();
    availability.setState(
      voices === null ? 'unsupported' : voices.length > 0 ? 'available' : waited ? 'none' : 'checking',
      true,
    );
    onSettings();
  };

  return {
    speaking,
    availability,
    voiceCount: () => speaker.voices()?.length ?? 0,
    start: () => {
      lastConversation = chat.conversation.getState().id;
      lastActive = chat.conversation.getState().activeRequestId;
      wasEnabled = enabled();
      checkVoices();
      const timer = timers.setTimeout(() => {
        waited = true;
        checkVoices();
      }, voiceWaitMs);
      const stops = [
        chat.live.subscribe(onLive),
        chat.conversation.subscribe(onConversation),
        app.store.subscribe(onSettings),
        speaker.onVoicesChanged(checkVoices),
      ];
      return () => {
        timers.clearTimeout(timer);
        for (const stop of stops) stop();
        reading = null;
        silence();
      };
    },
    setEnabled: (on) => app.updateSettings({ readAloud: on }),
    readText: (markdown) => {
      if (availability.getState() === 'unsupported') return;
      hush();
      say(takeSentences(markdown, 0, true).sentences);
    },
    stop: hush,
    neural: neural ?? null,
    testVoice: (voice, text) => {
      hush();
      if (!neural) return Promise.resolve({ kind: 'stopped' });
      return neural.speaker.test(voice, text);
    },
  };
}
