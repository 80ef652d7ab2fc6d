// What read-aloud needs from the platform's speech: queue a sentence, drop the
// queue, and which voices there are. The page implements it with Web Speech
// (web-speaker.ts) or the neural voice (read-aloud-speaker.ts chooses by the
// settings); tests, which have no speech engine, with a recording one.
import type { VoiceInfo } from './pick-voice';

export interface Speaker {
  /** null when the page has no speech synthesis at all */
  voices(): readonly VoiceInfo[] | null;
  /** the voice list changed (browsers fill it in late); returns the unsubscribe function */
  onVoicesChanged(listener: () => void): () => void;
  /** queue one sentence; `done` runs when it has been spoken, failed or was cancelled */
  speak(text: string, done: () => void): void;
  /** stop speaking and drop everything queued */
  cancel(): void;
  /**
   * true when an answer should be read only once it is done, not while it streams: a neural voice on a CPU backend
   * would take the CPU the answer is being written with
   */
  waitsForDone?(): boolean;
}

/** Whether the system can speak: 'checking' while the voice list may still arrive. */
export type VoiceAvailability = 'checking' | 'available' | 'none' | 'unsupported';
