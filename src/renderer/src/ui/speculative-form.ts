// Speculative decoding as a form edits it: text fields to SpeculativeSettings
// and back, with errors per field as message keys. Pure; the load dialog folds
// it into its form (load-form.ts) and the pool's form uses it per model.
import {
  MAX_DRAFT_TOKENS,
  type SpeculativeMode,
  type SpeculativeSettings,
} from '@shared/speculative/speculative-settings';
import { parseStrictInteger } from '@shared/strict-number';
import type { FieldError } from './field-error';

/** The speculative fields as the dialog holds them: the draft lengths as typed text. */
export interface SpeculativeForm {
  specMode: SpeculativeMode;
  specDraftPath: string;
  specDraftMax: string;
  specDraftMin: string;
}

export type SpeculativeFormResult =
  { ok: true; value: SpeculativeSettings } | { ok: false; errors: Partial<Record<keyof SpeculativeForm, FieldError>> };

export function speculativeFormFromSettings(settings: SpeculativeSettings): SpeculativeForm {
  return {
    specMode: settings.mode,
    specDraftPath: settings.draftPath,
    specDraftMax: String(settings.draftMax),
    specDraftMin: String(settings.draftMin),
  };
}

/**
 * The settings the fields say. The draft's fields are checked only in draft mode: half-typed lengths in another mode
 * block nothing, and the saved ones are kept for when the draft is chosen again.
 */
export function speculativeFromForm(form: SpeculativeForm, saved: SpeculativeSettings): SpeculativeFormResult {
  const draftPath = form.specDraftPath.trim();
  if (form.specMode !== 'draft') return { ok: true, value: { ...saved, mode: form.specMode, draftPath } };
  const errors: Partial<Record<keyof SpeculativeForm, FieldError>> = {};
  if (draftPath === '') errors.specDraftPath = { key: 'load.error.draftRequired' };
  const max = wholeNumber(form.specDraftMax, 1);
  if (!max.ok) errors.specDraftMax = max.error;
  const min = wholeNumber(form.specDraftMin, 0);
  if (!min.ok) errors.specDraftMin = min.error;
  else if (max.ok && min.value > max.value) errors.specDraftMin = { key: 'load.error.max', vars: { max: max.value } };
  if (!max.ok || !min.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { mode: 'draft', draftPath, draftMax: max.value, draftMin: min.value } };
}

type NumberResult = { ok: true; value: number } | { ok: false; error: FieldError };

// The same bounds as SpeculativeSettingsSchema (speculative-form.test.ts checks that what passes here parses there).
function wholeNumber(text: string, min: number): NumberResult {
  const strict = parseStrictInteger(text, { min, max: MAX_DRAFT_TOKENS });
  if (strict.ok) return strict;
  if (strict.problem === 'empty') return { ok: false, error: { key: 'load.error.required' } };
  if (strict.problem === 'spaces') return { ok: false, error: { key: 'load.error.spaces' } };
  if (strict.problem === 'too_small') return { ok: false, error: { key: 'load.error.min', vars: { min } } };
  if (strict.problem === 'too_big')
    return { ok: false, error: { key: 'load.error.max', vars: { max: MAX_DRAFT_TOKENS } } };
  return { ok: false, error: { key: 'load.error.wholeNumber' } };
}
