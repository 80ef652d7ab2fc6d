// The neural voice's part of the contract: which model files speak (checked before use), one sentence in,
// one WAV out, and a stop. Kept beside the voice-input schemas; voice-contract.ts wires it in.
import { z } from 'zod';
import type { ErrorReason } from '../errors';

/** The TTS architectures llama-tts runs, as their GGUF files name them (`general.architecture`). */
export const TTS_ARCHITECTURES = ['qwen3tts', 'pockettts'] as const;
export type TtsArchitecture = (typeof TTS_ARCHITECTURES)[number];

/** Languages Qwen3-TTS speaks (llama-tts --tts-lang); Pocket TTS speaks the one its weights were made for. */
export const TTS_LANGUAGES = ['en', 'zh', 'de', 'it', 'pt', 'es', 'ja', 'ko', 'fr', 'ru'] as const;
export const TtsLanguageSchema = z.enum(TTS_LANGUAGES);
export type TtsLanguage = z.infer<typeof TtsLanguageSchema>;

const path = z.string().min(1).max(4096);

/** The files that make a voice: the model, its mmproj (found beside the model when not given), a speaker clip. */
export const TtsVoiceFilesSchema = z
  .object({
    modelPath: path,
    mmprojPath: path.optional(),
    /** a short recording (WAV or MP3) of the voice to imitate; Pocket TTS needs one */
    speakerPath: path.optional(),
  })
  .strict();
export type TtsVoiceFiles = z.infer<typeof TtsVoiceFilesSchema>;

/** `voice:tts-check` input: the files to look at before they are used. */
export const TtsCheckSchema = TtsVoiceFilesSchema;

/** The longest sentence voice:tts-speak takes: Read aloud sends one sentence at a time. */
export const MAX_TTS_TEXT_CHARS = 2000;

/** `voice:tts-speak` input: one sentence, spoken with these files. */
export const TtsSpeakSchema = TtsVoiceFilesSchema.extend({
  text: z.string().trim().min(1, 'there is nothing to say').max(MAX_TTS_TEXT_CHARS),
  language: TtsLanguageSchema.optional(),
  /** lets voice:tts-stop name it; every sentence is stopped when absent */
  requestId: z.string().min(1).max(100).optional(),
}).strict();
export type TtsSpeakInput = z.infer<typeof TtsSpeakSchema>;

/** `voice:tts-stop` input: one sentence by its request id, or (no id) every sentence queued and speaking. */
export const TtsStopSchema = z
  .object({ requestId: z.string().min(1).max(100).optional() })
  .strict()
  .optional();

/** What voice:tts-check answers: ready, or the first thing wrong as a sentence. */
export interface TtsCheck {
  ok: boolean;
  /** the model's architecture when it is a TTS model */
  architecture: TtsArchitecture | null;
  /** the mmproj that will be used (given, or found beside the model) */
  mmprojPath: string | null;
  /** whether this architecture needs a speaker recording */
  needsSpeaker: boolean;
  /** what stands in the way, for the user; null when ok */
  problem: string | null;
  /** the problem as data (error.reason.<reason> words it); null when ok */
  reason: ErrorReason | null;
}

/** What voice:tts-speak answers: the sentence as a WAV (16-bit mono PCM). */
export interface TtsSpeech {
  wavBase64: string;
  sampleRate: number;
  /** length of the audio, ms */
  audioMs: number;
  /** wall time of the synthesis in the core, queue wait excluded, ms */
  synthMs: number;
}

/** The largest speaker recording voice:tts-save-speaker takes: 4 MiB of WAV, two minutes at whisper's 16 kHz. */
export const MAX_SPEAKER_WAV_BYTES = 4 * 1024 * 1024;
/** The longest speaker recording kept: a few seconds imitate a voice, a minute is plenty. */
export const MAX_SPEAKER_MS = 60_000;

/** `voice:tts-save-speaker` input: a recording of the voice to imitate, as a WAV (16 kHz mono from toWhisperWav). */
export const TtsSaveSpeakerSchema = z
  .object({
    wavBase64: z
      .string()
      .min(1)
      .max(
        4 * Math.ceil(MAX_SPEAKER_WAV_BYTES / 3),
        `a speaker recording is at most ${MAX_SPEAKER_WAV_BYTES / 1048576} MiB`,
      )
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'wavBase64 is not standard base64'),
  })
  .strict();

/** What voice:tts-save-speaker answers: where the recording is kept (for settings.tts.speakerPath). */
export interface TtsSpeakerClip {
  path: string;
  /** length of the recording, ms */
  audioMs: number;
}
