// The Speaker read-aloud uses: the system's voices or the neural one, as settings.tts.source says at each
// sentence. A neural voice counts as one voice once its model is chosen, and it holds an answer back until it is
// done when the chat model runs on the CPU (unless the user asked to be read to while it streams).
import type { AppSettings, BackendStatus } from '@shared/contract';
import type { NeuralSpeaker } from './neural-speaker';
import type { VoiceInfo } from './pick-voice';
import type { Speaker } from './speaker';

/** What a watched store offers: its value now and its changes. */
interface Watched<T> {
  getState(): T;
  subscribe(listener: () => void): () => void;
}

export interface ReadAloudSpeakerDeps {
  system: Speaker;
  neural: Pick<NeuralSpeaker, 'speak' | 'cancel'>;
  settings: Watched<{ settings: AppSettings | null }>;
  backend: Pick<Watched<BackendStatus | null>, 'getState'>;
}

/** The one "voice" a chosen neural model makes, for the voice count and the availability. */
export const NEURAL_VOICE: VoiceInfo = { name: 'neural', lang: '', default: true, localService: true };

export function createReadAloudSpeaker({ system, neural, settings, backend }: ReadAloudSpeakerDeps): Speaker {
  const tts = () => settings.getState().settings?.tts ?? null;
  const isNeural = () => tts()?.source === 'neural';
  return {
    voices: () => {
      const chosen = tts();
      if (chosen?.source !== 'neural') return system.voices();
      return chosen.modelPath.trim() === '' ? [] : [NEURAL_VOICE];
    },
    onVoicesChanged(listener) {
      let last = JSON.stringify(tts());
      const offSettings = settings.subscribe(() => {
        const now = JSON.stringify(tts());
        if (now === last) return;
        last = now;
        listener();
      });
      const offSystem = system.onVoicesChanged(listener);
      return () => {
        offSettings();
        offSystem();
      };
    },
    speak: (text, done) => (isNeural() ? neural.speak(text, done) : system.speak(text, done)),
    // Both: the source may have changed while the other was speaking.
    cancel: () => {
      system.cancel();
      neural.cancel();
    },
    waitsForDone: () => {
      const chosen = tts();
      if (chosen?.source !== 'neural' || chosen.streamOnCpu) return false;
      // An answer from a link is written elsewhere: nothing here competes with it.
      if (settings.getState().settings?.chat.endpoint.kind === 'link') return false;
      return backend.getState()?.backend === 'cpu';
    },
  };
}
