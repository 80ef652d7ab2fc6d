// The read-aloud voice part of the Voice panel: who reads (the system's voices or a neural model), the model files,
// language, speaker recording, speed and the CPU choice, checked before they are saved. Whether the files make a
// voice is the core's call (voice:tts-check reads their headers); here only the shape of the paths. Pure.
import { TTS_LANGUAGES, type TtsVoiceFiles } from '@shared/audio/tts-schemas';
import { TTS_SPEED, TtsVoiceLanguageSchema, type TtsSettings, type TtsVoiceLanguage } from '@shared/audio/tts-settings';
import type { MessageKey } from '../../i18n';
import { neuralVoiceOf, type NeuralVoice } from '../read-aloud/neural-speaker';
import { cleanPath, isAbsolutePath } from './voice-form';

export type TtsForm = Omit<TtsSettings, 'language'> & { language: string };

/** Every choice of the language list: auto, then the languages Qwen3-TTS speaks. */
export const TTS_LANGUAGE_CHOICES: readonly TtsVoiceLanguage[] = ['auto', ...TTS_LANGUAGES];

export type TtsFormErrors = Partial<Record<'modelPath' | 'mmprojPath', MessageKey>>;

export function ttsFormOf(tts: TtsSettings): TtsForm {
  return { ...tts };
}

const pathProblem = (path: string): MessageKey | null =>
  // The core resolves a relative path against its own working directory, which the user cannot see.
  path !== '' && !isAbsolutePath(path) ? 'voice.form.notAbsolute' : null;

/** The settings to save, or the field errors. The neural source needs a model. */
export function parseTtsForm(form: TtsForm): { ok: true; value: TtsSettings } | { ok: false; errors: TtsFormErrors } {
  const modelPath = cleanPath(form.modelPath);
  const mmprojPath = cleanPath(form.mmprojPath);
  const errors: TtsFormErrors = {};
  const modelProblem =
    form.source === 'neural' && modelPath === '' ? 'readAloud.neural.modelRequired' : pathProblem(modelPath);
  if (modelProblem) errors.modelPath = modelProblem;
  const mmprojProblem = pathProblem(mmprojPath);
  if (mmprojProblem) errors.mmprojPath = mmprojProblem;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const language = TtsVoiceLanguageSchema.safeParse(form.language);
  const speed = Number.isFinite(form.speed) ? Math.min(TTS_SPEED.max, Math.max(TTS_SPEED.min, form.speed)) : 1;
  return {
    ok: true,
    value: {
      source: form.source,
      modelPath,
      mmprojPath,
      language: language.success ? language.data : 'auto',
      speakerPath: form.speakerPath,
      speed: Math.round(speed * 100) / 100,
      streamOnCpu: form.streamOnCpu,
    },
  };
}

/** The voice the form describes now, for the Test (which speaks an unsaved choice); null without a usable model. */
export function voiceOfForm(form: TtsForm): NeuralVoice | null {
  const parsed = parseTtsForm({ ...form, source: 'neural' });
  return parsed.ok ? neuralVoiceOf(parsed.value) : null;
}

/** The files voice:tts-check looks at: those of the form, once the model path is a usable one. */
export function filesOfForm(form: TtsForm): TtsVoiceFiles | null {
  const voice = voiceOfForm(form);
  if (!voice) return null;
  const { modelPath, mmprojPath, speakerPath } = voice;
  return { modelPath, ...(mmprojPath ? { mmprojPath } : {}), ...(speakerPath ? { speakerPath } : {}) };
}

/** The sentence the Test says, in the UI language (Qwen3-TTS speaks both). */
export const TEST_SENTENCE_KEY: MessageKey = 'readAloud.neural.testSentence';
