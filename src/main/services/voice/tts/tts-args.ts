// The llama-tts command line for one sentence, and how many audio frames a sentence may take. Pure.
import type { TtsArchitecture, TtsLanguage } from '@shared/audio/tts-schemas';

export interface TtsArgsInput {
  architecture: TtsArchitecture;
  modelPath: string;
  mmprojPath: string;
  text: string;
  outPath: string;
  language?: TtsLanguage;
  speakerPath?: string;
  maxFrames: number;
  /** CPU threads; llama-tts's own default when absent */
  threads?: number;
  seed?: number;
}

/** Frames of audio a second: Qwen3-TTS's and Pocket TTS's codecs both run at 12.5 Hz (80 ms a frame). */
export const TTS_FRAMES_PER_SECOND = 12.5;
/** The longest sentence's audio: two minutes, far beyond any sentence read aloud. */
const MAX_FRAMES = 1500;
/** CJK, kana, hangul: one character is a syllable or more, spoken in about a fifth of a second. */
const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/gu;

/**
 * The most frames a sentence may take: generous for a slow voice (a latin character in 0.1 s, a wide one in 0.35 s,
 * plus a second), so a model that never says "end of speech" (random weights, a broken voice) still stops.
 */
export function maxFramesFor(text: string): number {
  const wide = text.match(WIDE)?.length ?? 0;
  const other = [...text].length - wide;
  const seconds = 1 + 0.1 * other + 0.35 * wide;
  return Math.min(MAX_FRAMES, Math.ceil(seconds * TTS_FRAMES_PER_SECOND));
}

export function llamaTtsArgs(input: TtsArgsInput): string[] {
  const args = ['-m', input.modelPath, '--mmproj', input.mmprojPath, '-p', input.text, '-o', input.outPath];
  args.push('-n', String(input.maxFrames));
  // The language picks a codec token of Qwen3-TTS; a Pocket TTS model speaks the language it was made for.
  if (input.language && input.architecture === 'qwen3tts') args.push('--tts-lang', input.language);
  if (input.speakerPath) args.push('--tts-speaker-file', input.speakerPath);
  if (input.threads !== undefined) args.push('-t', String(input.threads));
  if (input.seed !== undefined) args.push('-s', String(input.seed));
  return args;
}
