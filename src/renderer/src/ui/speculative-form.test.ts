import { describe, expect, it } from 'vitest';
import { SpeculativeSettingsSchema, type SpeculativeSettings } from '@shared/speculative/speculative-settings';
import { speculativeFormFromSettings, speculativeFromForm, type SpeculativeForm } from './speculative-form';

const saved: SpeculativeSettings = { mode: 'off', draftPath: '/m/small.gguf', draftMax: 8, draftMin: 1 };
const form = (patch: Partial<SpeculativeForm> = {}): SpeculativeForm => ({
  ...speculativeFormFromSettings(saved),
  ...patch,
});

describe('speculative form', () => {
  it('round-trips the settings of each mode', () => {
    for (const mode of ['off', 'draft', 'ngram'] as const) {
      const settings = { ...saved, mode };
      expect(speculativeFromForm(speculativeFormFromSettings(settings), settings)).toEqual({
        ok: true,
        value: settings,
      });
    }
  });

  it('keeps the saved draft lengths while the mode does not use them, however half-typed', () => {
    expect(speculativeFromForm(form({ specMode: 'ngram', specDraftMax: '9x', specDraftPath: ' ' }), saved)).toEqual({
      ok: true,
      value: { ...saved, mode: 'ngram', draftPath: '' },
    });
  });

  it('asks for the draft file in draft mode', () => {
    expect(speculativeFromForm(form({ specMode: 'draft', specDraftPath: '  ' }), saved)).toEqual({
      ok: false,
      errors: { specDraftPath: { key: 'load.error.draftRequired' } },
    });
  });

  it('checks the draft lengths against the schema bounds, the minimum against the maximum', () => {
    const draft = (specDraftMax: string, specDraftMin: string) =>
      speculativeFromForm(form({ specMode: 'draft', specDraftMax, specDraftMin }), saved);
    expect(draft('0', '0')).toEqual({
      ok: false,
      errors: { specDraftMax: { key: 'load.error.min', vars: { min: 1 } } },
    });
    expect(draft('65', '1.5')).toEqual({
      ok: false,
      errors: {
        specDraftMax: { key: 'load.error.max', vars: { max: 64 } },
        specDraftMin: { key: 'load.error.wholeNumber' },
      },
    });
    expect(draft('4', '5')).toEqual({
      ok: false,
      errors: { specDraftMin: { key: 'load.error.max', vars: { max: 4 } } },
    });
    expect(draft(' 4', '')).toEqual({
      ok: false,
      errors: { specDraftMax: { key: 'load.error.spaces' }, specDraftMin: { key: 'load.error.required' } },
    });
    for (const [max, min] of [
      ['1', '0'],
      ['64', '64'],
    ] as const) {
      const result = draft(max, min);
      expect(result.ok && SpeculativeSettingsSchema.safeParse(result.value).success).toBe(true);
    }
  });
});
