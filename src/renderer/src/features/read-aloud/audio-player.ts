// What the neural voice needs from the page's audio: play one sentence's WAV, stop at once, and what has been
// played. page-audio-player.ts does it with one audio element; tests, which have no audio output, pass their own.
import type { StoreApi } from 'zustand/vanilla';

/** What the player has played, measured on the samples that went out (tests and the Test line read it). */
export interface PlaybackFacts {
  playing: boolean;
  /** sentences that began to play since the page opened */
  started: number;
  /** RMS of the current (or last) sentence's samples played so far (0 = silence); null where it cannot be measured */
  rms: number | null;
  /** how much of it has been played, ms */
  playedMs: number;
}

export type PlayOutcome = { kind: 'ended' } | { kind: 'stopped' } | { kind: 'failed'; message: string };

export interface AudioPlayer {
  facts: StoreApi<PlaybackFacts>;
  /** Plays a WAV (standard base64) at `speed`, the pitch kept; stops what was playing. Settles when it is over. */
  play(wavBase64: string, speed: number): Promise<PlayOutcome>;
  /** stops playing now; the playing sentence's promise settles with `stopped` */
  stop(): void;
}

export const NO_PLAYBACK: PlaybackFacts = { playing: false, started: 0, rms: null, playedMs: 0 };
