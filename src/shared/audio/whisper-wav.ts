// What the recorder hands to voice:transcribe: any capture (Web Audio's Float32
// channel data at the device's rate) as the 16 kHz mono 16-bit PCM WAV whisper
// reads natively.
import { downmixToMono } from './downmix';
import { resample } from './resample';
import { encodeWav16Mono } from './wav';

/** whisper's input rate. */
export const WHISPER_SAMPLE_RATE = 16_000;

/**
 * Float32 channel data at `sampleRate` → 16 kHz mono 16-bit PCM WAV bytes (averaged channels, windowed-sinc resampling,
 * clipped to full scale).
 */
export function toWhisperWav(channels: readonly Float32Array[], sampleRate: number): Uint8Array {
  return encodeWav16Mono(resample(downmixToMono(channels), sampleRate, WHISPER_SAMPLE_RATE), WHISPER_SAMPLE_RATE);
}
