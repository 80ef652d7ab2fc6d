// The voice-input part of the contract: settings, the transcribe request, and
// what comes back. Kept beside the audio code; contract.ts wires it in.
import { z } from 'zod';
import { WAV_HEADER_BYTES } from './wav';

/** Language codes whisper.cpp knows (its g_lang table, in its order). */
export const WHISPER_LANGUAGES = [
  'en',
  'zh',
  'de',
  'es',
  'ru',
  'ko',
  'fr',
  'ja',
  'pt',
  'tr',
  'pl',
  'ca',
  'nl',
  'ar',
  'sv',
  'it',
  'id',
  'hi',
  'fi',
  'vi',
  'he',
  'uk',
  'el',
  'ms',
  'cs',
  'ro',
  'da',
  'hu',
  'ta',
  'no',
  'th',
  'ur',
  'hr',
  'bg',
  'lt',
  'la',
  'mi',
  'ml',
  'cy',
  'sk',
  'te',
  'fa',
  'lv',
  'bn',
  'sr',
  'az',
  'sl',
  'kn',
  'et',
  'mk',
  'br',
  'eu',
  'is',
  'hy',
  'ne',
  'mn',
  'bs',
  'kk',
  'sq',
  'sw',
  'gl',
  'mr',
  'pa',
  'si',
  'km',
  'sn',
  'yo',
  'so',
  'af',
  'oc',
  'ka',
  'be',
  'tg',
  'sd',
  'gu',
  'am',
  'yi',
  'lo',
  'uz',
  'fo',
  'ht',
  'ps',
  'tk',
  'nn',
  'mt',
  'sa',
  'lb',
  'my',
  'bo',
  'tl',
  'mg',
  'as',
  'tt',
  'haw',
  'ln',
  'ha',
  'ba',
  'jw',
  'su',
  'yue',
] as const;

/** The spoken language to transcribe; 'auto' lets whisper detect it. */
export const VoiceLanguageSchema = z.enum(['auto', ...WHISPER_LANGUAGES]);
export type VoiceLanguage = z.infer<typeof VoiceLanguageSchema>;

/** `settings.voice`. An empty modelPath means "not configured yet". */
export const VoiceSettingsSchema = z.object({
  /** a whisper.cpp ggml model (ggml-base.bin, ggml-small.bin, …) */
  modelPath: z.string().max(4096),
  language: VoiceLanguageSchema,
});
export type VoiceSettings = z.infer<typeof VoiceSettingsSchema>;

/** The largest WAV voice:transcribe accepts: 32 MiB, about 17 minutes of 16 kHz mono 16-bit audio. */
export const MAX_WAV_BYTES = 32 * 1024 * 1024;
const MAX_WAV_BASE64_CHARS = 4 * Math.ceil(MAX_WAV_BYTES / 3);

const base64 = (field: string, maxChars: number, tooLong: string) =>
  z
    .string()
    .max(maxChars, tooLong)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, `${field} is not standard base64`);

/** Overrides settings.voice.language for this call. */
const language = VoiceLanguageSchema.optional();
/** Lets voice:cancel stop this transcription. */
const requestId = z.string().min(1).max(100).optional();

/** `voice:transcribe` input: a WAV file (best: 16 kHz mono 16-bit, see toWhisperWav) as standard base64. */
export const VoiceTranscribeSchema = z
  .object({
    wavBase64: base64(
      'wavBase64',
      MAX_WAV_BASE64_CHARS,
      `the recording is too long: at most ${MAX_WAV_BYTES / 1048576} MiB of WAV`,
    ).min(1),
    language,
    requestId,
  })
  .strict();
export type VoiceTranscribeInput = z.infer<typeof VoiceTranscribeSchema>;

/** The most PCM one recording sent piece by piece may hold: its WAV stays within MAX_WAV_BYTES. */
export const MAX_RECORDING_PCM_BYTES = MAX_WAV_BYTES - WAV_HEADER_BYTES;
/** The largest piece of a streamed recording: 1 MiB of PCM (the page sends a few KiB at a time). */
const MAX_PIECE_BYTES = 1024 * 1024;
const RecordingIdSchema = z.string().min(1).max(100);

/**
 * `voice:append-audio` input: the next piece of a microphone recording, sent while the
 * user is still speaking, as 16 kHz mono 16-bit little-endian PCM in standard base64.
 * `offset` is where it goes in the recording (bytes): the core refuses a gap or an overlap.
 */
export const VoiceAppendAudioSchema = z
  .object({
    recordingId: RecordingIdSchema,
    offset: z.number().int().nonnegative().max(MAX_RECORDING_PCM_BYTES),
    pcmBase64: base64(
      'pcmBase64',
      4 * Math.ceil(MAX_PIECE_BYTES / 3),
      `a piece of a recording is at most ${MAX_PIECE_BYTES / 1048576} MiB`,
    ),
  })
  .strict();
export type VoiceAppendAudioInput = z.infer<typeof VoiceAppendAudioSchema>;

/** `voice:transcribe-recording` input: transcribe the recording appended so far, which must be exactly `bytes` long. */
export const VoiceTranscribeRecordingSchema = z
  .object({
    recordingId: RecordingIdSchema,
    bytes: z.number().int().nonnegative().max(MAX_RECORDING_PCM_BYTES),
    language,
    requestId,
  })
  .strict();
export type VoiceTranscribeRecordingInput = z.infer<typeof VoiceTranscribeRecordingSchema>;

/** `voice:discard-recording` input: forget a recording that will not be transcribed (Esc). */
export const VoiceRecordingRefSchema = z.object({ recordingId: RecordingIdSchema }).strict();

/** What voice:transcribe answers. */
export interface VoiceTranscript {
  text: string;
  /** wall time of the transcription in the core (WAV decoded → text), ms */
  durationMs: number;
  /** length of the audio, ms */
  audioMs: number;
}

/** Why a transcription failed, in AppError.details.reason (the code is the nearest generic ErrorCode). */
export type VoiceFailureReason =
  | 'binary_missing'
  | 'model_not_configured'
  | 'model_missing'
  | 'model_invalid'
  | 'audio_invalid'
  /**
   * voice:append-audio / voice:transcribe-recording: the core lacks part of the recording (the page then sends it
   * whole)
   */
  | 'recording_incomplete'
  | 'cancelled'
  | 'killed'
  | 'timeout'
  | 'failed';

/** `voice:status`: can voice input work right now, and if not, why. */
export interface VoiceStatus {
  /** the whisper-cli that would run, or null when none is built */
  binaryPath: string | null;
  modelPath: string;
  model: 'not_configured' | 'missing' | 'invalid' | 'ok';
  language: VoiceLanguage;
  /** the first thing standing in the way, as a sentence for the user; null when ready */
  problem: string | null;
}
