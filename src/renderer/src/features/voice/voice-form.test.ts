import { describe, expect, it } from 'vitest';
import { WHISPER_LANGUAGES } from '@shared/audio/voice-schemas';
import { cleanPath, LANGUAGE_CHOICES, languageName, parseVoiceForm } from './voice-form';

describe('voice form', () => {
  it('accepts absolute paths on every platform, and an empty one (voice input off)', () => {
    expect(parseVoiceForm({ modelPath: ' /models/ggml-base.bin ', language: 'zh' })).toEqual({
      ok: true,
      value: { modelPath: '/models/ggml-base.bin', language: 'zh' },
    });
    expect(parseVoiceForm({ modelPath: '"C:\\Models\\ggml-small.bin"', language: 'auto' })).toEqual({
      ok: true,
      value: { modelPath: 'C:\\Models\\ggml-small.bin', language: 'auto' },
    });
    expect(parseVoiceForm({ modelPath: '\\\\nas\\models\\ggml.bin', language: 'en' }).ok).toBe(true);
    expect(parseVoiceForm({ modelPath: '', language: 'en' })).toEqual({
      ok: true,
      value: { modelPath: '', language: 'en' },
    });
  });

  it('refuses a relative path with a reason', () => {
    expect(parseVoiceForm({ modelPath: 'ggml-base.bin', language: 'en' })).toEqual({
      ok: false,
      errors: { modelPath: 'voice.form.notAbsolute' },
    });
    expect(parseVoiceForm({ modelPath: '~/ggml-base.bin', language: 'en' }).ok).toBe(false);
  });

  it('falls back to automatic detection for a language whisper does not know', () => {
    expect(parseVoiceForm({ modelPath: '', language: 'klingon' })).toEqual({
      ok: true,
      value: { modelPath: '', language: 'auto' },
    });
  });

  it('strips matching quotes only', () => {
    expect(cleanPath("'/a b/c.bin'")).toBe('/a b/c.bin');
    expect(cleanPath('"/a/c.bin')).toBe('"/a/c.bin');
  });

  it('lists auto, the common languages, then every other whisper language once', () => {
    expect(LANGUAGE_CHOICES.slice(0, 4)).toEqual(['auto', 'zh', 'en', 'ja']);
    expect(new Set(LANGUAGE_CHOICES).size).toBe(LANGUAGE_CHOICES.length);
    expect(LANGUAGE_CHOICES).toHaveLength(WHISPER_LANGUAGES.length + 1);
  });

  it('names languages in the UI language', () => {
    expect(languageName('zh', 'en', 'Auto')).toBe('Chinese (zh)');
    expect(languageName('en', 'zh', '自动')).toBe('英语 (en)');
    expect(languageName('auto', 'zh', '自动')).toBe('自动');
  });
});
