// The voice settings form: the whisper model's path and the spoken language,
// checked before they are saved. Whether the file is a usable model is the
// core's call (voice:status reads its header); here only the shape of the path.
import {
  VoiceLanguageSchema,
  WHISPER_LANGUAGES,
  type VoiceLanguage,
  type VoiceSettings,
} from '@shared/audio/voice-schemas';
import type { MessageKey } from '../../i18n';

export interface VoiceForm {
  modelPath: string;
  language: string;
}

/** The languages most users want, first in the list; the rest follow in whisper's order. */
const COMMON: readonly VoiceLanguage[] = ['zh', 'en', 'ja', 'ko', 'yue', 'de', 'fr', 'es', 'ru'];

/** Every choice of the language list: auto, the common ones, then the rest. */
export const LANGUAGE_CHOICES: readonly VoiceLanguage[] = [
  'auto',
  ...COMMON,
  ...WHISPER_LANGUAGES.filter((code) => !COMMON.includes(code)),
];

/** Paths pasted from a file manager often come quoted: "C:\models\ggml-base.bin". */
export function cleanPath(text: string): string {
  const trimmed = text.trim();
  const quoted = /^(["'])(.*)\1$/.exec(trimmed);
  return quoted?.[2] !== undefined ? quoted[2].trim() : trimmed;
}

/** A full path (POSIX, a drive letter, or a UNC share): the core cannot resolve a relative one as the user means. */
export const isAbsolutePath = (path: string) =>
  path.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(path) || path.startsWith('\\\\');

/** The settings to save, or the field errors. An empty path turns voice input off. */
export function parseVoiceForm(
  form: VoiceForm,
): { ok: true; value: VoiceSettings } | { ok: false; errors: { modelPath: MessageKey } } {
  const modelPath = cleanPath(form.modelPath);
  // The core resolves a relative path against its own working directory, which the user cannot see.
  if (modelPath !== '' && !isAbsolutePath(modelPath))
    return { ok: false, errors: { modelPath: 'voice.form.notAbsolute' } };
  const language = VoiceLanguageSchema.safeParse(form.language);
  return { ok: true, value: { modelPath, language: language.success ? language.data : 'auto' } };
}

/** A language's name in the UI language ("Chinese", "中文"), from the browser's own tables. */
export function languageName(code: VoiceLanguage, uiLanguage: 'en' | 'zh', autoLabel: string): string {
  if (code === 'auto') return autoLabel;
  try {
    const name = new Intl.DisplayNames([uiLanguage === 'zh' ? 'zh-CN' : 'en'], {
      type: 'language',
      fallback: 'code',
    }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
