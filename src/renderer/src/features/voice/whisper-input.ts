// A recording or a decoded file on its way to whisper: the facts the UI shows
// about it, and its 16 kHz mono WAV, built only when it has to travel whole (a
// recording streamed while it was made normally does not).
import { WAV_HEADER_BYTES, wav16MonoFromPcm } from '@shared/audio/wav';
import { toWhisperWav, WHISPER_SAMPLE_RATE } from '@shared/audio/whisper-wav';
import { rmsOfChannels } from './audio-level';
import type { RecordedAudio, RecordedPcm } from './capture';
import type { RecordingFacts } from './recorder-types';

export interface WhisperInput {
  frames: number;
  facts: Omit<RecordingFacts, 'source'>;
  wav(): Uint8Array;
}

/** Throws when samples cannot be converted (channels of different lengths, an impossible rate). */
export function whisperInput(audio: RecordedAudio | RecordedPcm): WhisperInput {
  if ('pcm' in audio) {
    const bytes = audio.pcm.reduce((sum, piece) => sum + piece.length, 0);
    const frames = bytes / 2;
    return {
      frames,
      facts: {
        durationMs: Math.round((frames / WHISPER_SAMPLE_RATE) * 1000),
        rms: audio.rms,
        sampleRate: WHISPER_SAMPLE_RATE,
        wavBytes: WAV_HEADER_BYTES + bytes,
      },
      wav: () => wav16MonoFromPcm(audio.pcm, WHISPER_SAMPLE_RATE),
    };
  }
  const frames = audio.channels[0]?.length ?? 0;
  const wav = frames === 0 ? new Uint8Array(0) : toWhisperWav(audio.channels, audio.sampleRate);
  return {
    frames,
    facts: {
      durationMs: Math.round((frames / audio.sampleRate) * 1000),
      rms: rmsOfChannels(audio.channels),
      sampleRate: audio.sampleRate,
      wavBytes: wav.length,
    },
    wav: () => wav,
  };
}
