import { describe, expect, it } from 'vitest';
import { defaultTtsSettings } from '@shared/audio/tts-settings';
import { parseTtsForm, ttsFormOf, voiceOfForm } from './tts-form';

const form = (patch: Partial<ReturnType<typeof ttsFormOf>> = {}) => ({ ...ttsFormOf(defaultTtsSettings()), ...patch });

describe('the read-aloud voice form', () => {
  it('the system voice needs nothing more; the neural one needs a model given by its full path', () => {
    expect(parseTtsForm(form()).ok).toBe(true);
    expect(parseTtsForm(form({ source: 'neural' }))).toEqual({
      ok: false,
      errors: { modelPath: 'readAloud.neural.modelRequired' },
    });
    expect(parseTtsForm(form({ source: 'neural', modelPath: 'qwen.gguf', mmprojPath: 'mm.gguf' }))).toEqual({
      ok: false,
      errors: { modelPath: 'voice.form.notAbsolute', mmprojPath: 'voice.form.notAbsolute' },
    });
  });

  it('saves cleaned paths, a known language and a speed within bounds', () => {
    const parsed = parseTtsForm(
      form({ source: 'neural', modelPath: ' "/v/qwen3-tts.gguf" ', language: 'xx', speed: 9, streamOnCpu: true }),
    );
    expect(parsed).toEqual({
      ok: true,
      value: { ...defaultTtsSettings(), source: 'neural', modelPath: '/v/qwen3-tts.gguf', speed: 2, streamOnCpu: true },
    });
  });

  it('the Test speaks the voice the form describes, saved or not, whatever the source', () => {
    expect(voiceOfForm(form())).toBeNull();
    expect(
      voiceOfForm(form({ modelPath: '/v/q.gguf', speakerPath: '/d/voice/speaker-1.wav', language: 'fr' })),
    ).toEqual({
      modelPath: '/v/q.gguf',
      speakerPath: '/d/voice/speaker-1.wav',
      language: 'fr',
      speed: 1,
    });
  });
});
