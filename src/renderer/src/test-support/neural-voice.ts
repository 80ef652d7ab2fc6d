// For tests of the neural voice in the page: a player standing in for the audio output that tests lack (it records
// what it was handed and finishes a sentence when told), and voice:tts-speak answered when the test says so, so it
// can hold sentences "being made" and answer them in any order; voice:tts-stop answers the held ones tts_stopped,
// as the core does. The answers are the memory platform's own.
import { createStore } from 'zustand/vanilla';
import type { TtsSpeakInput } from '@shared/audio/tts-schemas';
import {
  NO_PLAYBACK,
  type AudioPlayer,
  type PlaybackFacts,
  type PlayOutcome,
} from '@renderer/features/read-aloud/audio-player';
import { createFakeTts } from '@renderer/platform/fake-tts';
import type { MemoryPlatform } from '@renderer/platform/memory-platform';

export interface RecordingPlayer extends AudioPlayer {
  /** the WAVs handed to play(), oldest first */
  played: string[];
  stops: () => number;
  /** the sentence playing now ends */
  end(): void;
  /** the sentence playing now fails */
  fail(message: string): void;
}

export function recordingPlayer(): RecordingPlayer {
  const facts = createStore<PlaybackFacts>()(() => NO_PLAYBACK);
  const played: string[] = [];
  let current: ((outcome: PlayOutcome) => void) | null = null;
  let stops = 0;
  const settle = (outcome: PlayOutcome): void => {
    const finish = current;
    current = null;
    facts.setState({ playing: false });
    finish?.(outcome);
  };
  return {
    facts,
    played,
    stops: () => stops,
    play(wavBase64) {
      settle({ kind: 'stopped' });
      played.push(wavBase64);
      facts.setState((state) => ({ playing: true, started: state.started + 1, rms: 0.1, playedMs: 0 }));
      return new Promise<PlayOutcome>((resolve) => (current = resolve));
    },
    stop() {
      stops++;
      settle({ kind: 'stopped' });
    },
    end: () => settle({ kind: 'ended' }),
    fail: (message) => settle({ kind: 'failed', message }),
  };
}

export interface HeldSpeech {
  /** the sentences asked for and not answered yet, oldest first */
  pending: () => TtsSpeakInput[];
  /** every sentence asked for */
  asked: TtsSpeakInput[];
  /** answer the sentence asked for with this text (the memory platform's silence, or `error`) */
  answer(
    text: string,
    error?: { code: 'model_invalid' | 'already_running' | 'backend_failed'; message: string; reason: string },
  ): Promise<void>;
}

/** Replaces the memory platform's voice:tts-speak with one that waits for `answer`. */
export function holdSpeech(api: MemoryPlatform): HeldSpeech {
  const fake = createFakeTts()['voice:tts-speak'];
  const waiting: Array<{ input: TtsSpeakInput; answer: (error?: Parameters<HeldSpeech['answer']>[1]) => void }> = [];
  const asked: TtsSpeakInput[] = [];
  api.handle('voice:tts-speak', (input) => {
    asked.push(input);
    return new Promise((resolve) => {
      waiting.push({
        input,
        answer: (error) =>
          resolve(
            error
              ? { ok: false, error: { code: error.code, message: error.message, details: { reason: error.reason } } }
              : fake(input),
          ),
      });
    });
  });
  // As the core: a stopped sentence is answered tts_stopped at once.
  api.handle('voice:tts-stop', (input) => {
    const stopped = waiting.filter(
      (entry) => input?.requestId === undefined || entry.input.requestId === input.requestId,
    );
    for (const entry of stopped) {
      waiting.splice(waiting.indexOf(entry), 1);
      entry.answer({ code: 'backend_failed', message: 'Speaking was stopped.', reason: 'tts_stopped' });
    }
    return { ok: true, value: { stopped: stopped.length } };
  });
  return {
    asked,
    pending: () => waiting.map((entry) => entry.input),
    async answer(text, error) {
      const index = waiting.findIndex((entry) => entry.input.text === text);
      const [entry] = index < 0 ? [] : waiting.splice(index, 1);
      if (!entry) throw new Error(`no sentence "${text}" is waiting (waiting: ${waiting.map((w) => w.input.text)})`);
      entry.answer(error);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}
