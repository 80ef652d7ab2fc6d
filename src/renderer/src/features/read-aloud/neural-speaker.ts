// Read aloud's neural voice in the page: the sentences to say, in order, each made into a WAV by llama-tts in the
// core (voice:tts-speak) and played as soon as it is ready while the next ones are made. At most MAX_AHEAD
// sentences are being made or wait ready, ahead of the one playing: the core refuses a third (tts_busy), and a
// Stop then throws away little work. Stop silences the player and kills the synthesis in the core at once.
// Free of the browser's audio (the player is passed in).
import type { TtsSpeech, TtsVoiceFiles } from '@shared/audio/tts-schemas';
import type { TtsSettings, TtsVoiceLanguage } from '@shared/audio/tts-settings';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { realTimers, type Timers } from '../../lib/timers';
import type { AppError, EvaApi } from '../../platform/types';
import type { AudioPlayer } from './audio-player';
import { ttsLanguageFor, ttsPieces } from './neural-text';

/** Sentences made or being made ahead of the one playing: what the core's queue holds at most. */
export const MAX_AHEAD = 2;
/** How long to wait before asking again when the core's queue is full (another window is speaking too). */
export const BUSY_RETRY_MS = 500;

/** A neural voice: the files llama-tts speaks with, the language and the playback speed. */
export interface NeuralVoice extends TtsVoiceFiles {
  language: TtsVoiceLanguage;
  speed: number;
}

/** The saved neural voice, or null when no model is chosen. */
export function neuralVoiceOf(tts: TtsSettings): NeuralVoice | null {
  if (tts.modelPath.trim() === '') return null;
  return {
    modelPath: tts.modelPath,
    ...(tts.mmprojPath ? { mmprojPath: tts.mmprojPath } : {}),
    ...(tts.speakerPath ? { speakerPath: tts.speakerPath } : {}),
    language: tts.language,
    speed: tts.speed,
  };
}

/** How a Test ended: played (with what the core said of it), stopped, or failed. */
export type TestOutcome =
  { kind: 'played'; speech: Omit<TtsSpeech, 'wavBase64'> } | { kind: 'stopped' } | { kind: 'failed'; error: AppError };

export interface NeuralSpeakerDeps {
  api: Pick<EvaApi, 'invoke'>;
  player: AudioPlayer;
  /** the saved voice (read for each sentence) */
  voice: () => NeuralVoice | null;
  newId: () => string;
  /** a failure while reading answers: the user hears nothing, so it is said (a Test answers its own) */
  report: (error: AppError) => void;
  timers?: Timers;
}

export interface NeuralSpeaker {
  /** queue one sentence; `done` runs when it has been played or failed (not when cancelled) */
  speak(text: string, done: () => void): void;
  /** silence now: stop playing, drop the queue, stop the synthesis in the core */
  cancel(): void;
  /** silence, then say `text` with `voice`: the Voice panel's Test of a choice that may not be saved yet */
  test(voice: NeuralVoice, text: string): Promise<TestOutcome>;
  /** sentences held now: being made, ready or playing */
  held: StoreApi<number>;
}

interface Entry {
  id: string;
  text: string;
  voice: NeuralVoice;
  state: 'waiting' | 'making' | 'ready' | 'playing';
  speech: TtsSpeech | null;
  /** runs once when this piece is over, however it ended, except after cancel */
  finish: (outcome: TestOutcome) => void;
  /** a Test answers its own failure; reading reports it */
  isTest: boolean;
}

export function createNeuralSpeaker(deps: NeuralSpeakerDeps): NeuralSpeaker {
  const timers = deps.timers ?? realTimers();
  const held = createStore<number>()(() => 0);
  const entries: Entry[] = [];
  const changed = (): void => held.setState(entries.length, true);

  const stopInCore = (dropped: readonly Entry[]): void => {
    for (const entry of dropped)
      if (entry.state === 'making')
        // The answer (tts_stopped) is awaited by make(), which drops it: nothing to do with this one.
        void deps.api.invoke('voice:tts-stop', { requestId: entry.id });
  };

  /**
   * Drops every entry: stopped in the core, the player silenced. A Test hears how it ended; a sentence being read
   * hears only of a failure (a cancel comes from the reader itself, which has already forgotten it).
   */
  const dropAll = (outcome: TestOutcome): void => {
    const dropped = entries.splice(0);
    stopInCore(dropped);
    deps.player.stop();
    for (const entry of dropped) if (entry.isTest || outcome.kind === 'failed') entry.finish(outcome);
    changed();
  };

  // The failure last reported: a voice that cannot speak fails every sentence of a streaming answer the same way,
  // and the user needs to hear it once.
  let reported: string | null = null;
  const fail = (entry: Entry, error: AppError): void => {
    // The next sentence would fail the same way (a wrong file, llama-tts missing): nothing more is tried.
    dropAll({ kind: 'failed', error });
    if (entry.isTest || reported === error.message) return;
    reported = error.message;
    deps.report(error);
  };

  const make = (entry: Entry): void => {
    entry.state = 'making';
    const { modelPath, mmprojPath, speakerPath, language } = entry.voice;
    const input = {
      modelPath,
      ...(mmprojPath ? { mmprojPath } : {}),
      ...(speakerPath ? { speakerPath } : {}),
      text: entry.text,
      language: ttsLanguageFor(entry.text, language),
      requestId: entry.id,
    };
    void deps.api.invoke('voice:tts-speak', input).then((result) => {
      if (!entries.includes(entry)) return;
      if (result.ok) {
        entry.speech = result.value;
        entry.state = 'ready';
        reported = null;
      } else if (result.error.details?.reason === 'tts_busy') {
        entry.state = 'waiting';
        timers.setTimeout(pump, BUSY_RETRY_MS);
        return;
      } else return fail(entry, result.error);
      pump();
    });
  };

  const play = (entry: Entry, speech: TtsSpeech): void => {
    entry.state = 'playing';
    void deps.player.play(speech.wavBase64, entry.voice.speed).then((outcome) => {
      if (entries[0] !== entry) return;
      if (outcome.kind === 'failed')
        return fail(entry, { code: 'internal', message: `The page could not play the voice: ${outcome.message}` });
      entries.shift();
      changed();
      const { wavBase64: _wav, ...facts } = speech;
      entry.finish(outcome.kind === 'ended' ? { kind: 'played', speech: facts } : { kind: 'stopped' });
      pump();
    });
  };

  function pump(): void {
    // The head plays first: once it is playing, it no longer counts as ahead.
    const head = entries[0];
    if (head?.state === 'ready' && head.speech) play(head, head.speech);
    let room = MAX_AHEAD - entries.filter((entry) => entry.state === 'making' || entry.state === 'ready').length;
    for (const entry of entries) {
      if (room <= 0) break;
      if (entry.state !== 'waiting') continue;
      make(entry);
      room--;
    }
  }

  const enqueue = (text: string, voice: NeuralVoice, finish: Entry['finish'], isTest: boolean): void => {
    const pieces = ttsPieces(text);
    pieces.forEach((piece, index) => {
      const last = index === pieces.length - 1;
      entries.push({
        id: deps.newId(),
        text: piece,
        voice,
        state: 'waiting',
        speech: null,
        finish: last ? finish : () => {},
        isTest,
      });
    });
    if (pieces.length === 0) finish({ kind: 'stopped' });
    changed();
    pump();
  };

  return {
    held,
    speak(text, done) {
      const voice = deps.voice();
      if (!voice) return done();
      enqueue(text, voice, () => done(), false);
    },
    cancel: () => dropAll({ kind: 'stopped' }),
    test(voice, text) {
      dropAll({ kind: 'stopped' });
      return new Promise<TestOutcome>((resolve) => enqueue(text, voice, resolve, true));
    },
  };
}
