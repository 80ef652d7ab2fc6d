// Read aloud's voice in settings.json (`settings.tts`): the system's voices (Web Speech), or a neural voice that
// llama-tts speaks with the files chosen here. Every field has a default, so a settings file written before the
// neural voice still loads. The page sends these paths with each sentence (voice:tts-speak), which also lets the
// Voice panel's Test speak with a choice not saved yet.
import { z } from 'zod';
import { TTS_LANGUAGES } from './tts-schemas';

export const TTS_SOURCES = ['system', 'neural'] as const;
/** Who reads answers aloud: the system's voices, or llama-tts with a Qwen3-TTS or Pocket TTS model. */
export type TtsSource = (typeof TTS_SOURCES)[number];

/** The language a neural voice speaks in; 'auto' follows each sentence's script (zh, ja, ko; else English). */
export const TtsVoiceLanguageSchema = z.enum(['auto', ...TTS_LANGUAGES]);
export type TtsVoiceLanguage = z.infer<typeof TtsVoiceLanguageSchema>;

/** Playback speed of the neural voice (the pitch is kept). */
export const TTS_SPEED = { min: 0.5, max: 2, step: 0.1 } as const;

const path = z.string().max(4096);

/** The fields without their defaults: what a settings patch may carry, each one alone. */
const fields = {
  source: z.enum(TTS_SOURCES),
  /** the voice model GGUF; '' until one is chosen */
  modelPath: path,
  /** its mmproj; '' takes the one found beside the model */
  mmprojPath: path,
  language: TtsVoiceLanguageSchema,
  /** a recording of the voice to imitate, kept in the data dir (voice:tts-save-speaker); '' = the model's own voice */
  speakerPath: path,
  speed: z.number().min(TTS_SPEED.min).max(TTS_SPEED.max),
  /**
   * With a CPU backend, read while the answer streams rather than once it is done: the voice then takes CPU from the
   * model and the answer comes more slowly. A GPU backend always reads while streaming.
   */
  streamOnCpu: z.boolean(),
};

export type TtsSettings = { [K in keyof typeof fields]: z.infer<(typeof fields)[K]> };

export function defaultTtsSettings(): TtsSettings {
  return {
    source: 'system',
    modelPath: '',
    mmprojPath: '',
    language: 'auto',
    speakerPath: '',
    speed: 1,
    streamOnCpu: false,
  };
}

const defaults = defaultTtsSettings();

/** `settings.tts`. */
export const TtsSettingsSchema = z.object({
  source: fields.source.default(defaults.source),
  modelPath: fields.modelPath.default(defaults.modelPath),
  mmprojPath: fields.mmprojPath.default(defaults.mmprojPath),
  language: fields.language.default(defaults.language),
  speakerPath: fields.speakerPath.default(defaults.speakerPath),
  speed: fields.speed.default(defaults.speed),
  streamOnCpu: fields.streamOnCpu.default(defaults.streamOnCpu),
});

/** `settings:update`'s `tts`: any of the fields, the others kept (no defaults here: they would reset them). */
export const TtsSettingsPatchSchema = z.object(fields).partial();
