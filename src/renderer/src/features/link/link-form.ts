// The link-mode form: what the user types, how a preset fills it, and the
// `link:save` / `link:test` inputs it becomes. The API key is write-only: the
// form knows only whether one is stored, and what to do with it on save.
import type { z } from 'zod';
import { baseUrlProblem } from '@shared/chat/base-url';
import type { LinkProfile, LinkSaveSchema, LinkTestSchema } from '@shared/chat/schemas';
import type { LinkPreset } from '@shared/links/link-presets';
import type { FieldError } from '../../ui/field-error';
import type { KeyAction } from '../../ui/key-fields';

export interface LinkForm {
  /** null until saved */
  id: string | null;
  presetId: string;
  name: string;
  baseUrl: string;
  model: string;
  /** typed, never read back */
  apiKey: string;
  keyAction: KeyAction;
  /** a key is stored for this profile */
  hasKey: boolean;
}

export type LinkField = 'name' | 'baseUrl' | 'model' | 'apiKey';
export type LinkFieldErrors = Partial<Record<LinkField, FieldError>>;

export function emptyLinkForm(preset: LinkPreset | undefined): LinkForm {
  return {
    id: null,
    presetId: preset?.id ?? '',
    name: preset?.name ?? '',
    baseUrl: preset?.baseUrl ?? '',
    model: preset?.model ?? '',
    apiKey: '',
    keyAction: 'replace',
    hasKey: false,
  };
}

export function formFromProfile(profile: LinkProfile & { hasKey: boolean }): LinkForm {
  return {
    id: profile.id,
    presetId: profile.presetId,
    name: profile.name,
    baseUrl: profile.baseUrl,
    model: profile.model,
    apiKey: '',
    keyAction: profile.hasKey ? 'keep' : 'replace',
    hasKey: profile.hasKey,
  };
}

/**
 * Switch preset: the URL and model follow it; the name too while it is still
 * the previous preset's name (or empty), so a name the user chose is kept.
 */
export function applyPreset(form: LinkForm, preset: LinkPreset, presets: readonly LinkPreset[]): LinkForm {
  const previous = presets.find((p) => p.id === form.presetId);
  const nameIsDefault = form.name.trim() === '' || form.name === previous?.name;
  return {
    ...form,
    presetId: preset.id,
    baseUrl: preset.baseUrl,
    model: preset.model,
    name: nameIsDefault ? preset.name : form.name,
  };
}

/**
 * http(s) with a host and no credentials (base-url.ts, which the core checks too); anything else would fail later with
 * a less clear message.
 */
export function checkBaseUrl(text: string): FieldError | null {
  const problem = baseUrlProblem(text);
  if (!problem) return null;
  if (problem.code === 'required') return { key: 'link.error.urlRequired' };
  if (problem.code === 'credentials') return { key: 'link.error.urlCredentials' };
  return { key: 'link.error.url' };
}

export type LinkSaveInput = z.input<typeof LinkSaveSchema>;
export type LinkTestInput = z.input<typeof LinkTestSchema>;

export type LinkFormResult = { ok: true; value: LinkSaveInput } | { ok: false; errors: LinkFieldErrors };

export function linkSaveInput(form: LinkForm): LinkFormResult {
  const errors: LinkFieldErrors = {};
  if (form.name.trim() === '') errors.name = { key: 'link.error.nameRequired' };
  const urlError = checkBaseUrl(form.baseUrl);
  if (urlError) errors.baseUrl = urlError;
  if (form.keyAction === 'replace' && form.hasKey && form.apiKey.trim() === '')
    errors.apiKey = { key: 'link.error.keyRequired' };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const profile = {
    ...(form.id ? { id: form.id } : {}),
    name: form.name.trim(),
    presetId: form.presetId,
    baseUrl: form.baseUrl.trim().replace(/\/+$/, ''),
    model: form.model.trim(),
  };
  const apiKey =
    form.keyAction === 'remove'
      ? null
      : form.keyAction === 'replace' && form.apiKey.trim() !== ''
        ? form.apiKey.trim()
        : undefined;
  return { ok: true, value: apiKey === undefined ? { profile } : { profile, apiKey } };
}

/** Test with the key being typed, else the stored one (unless it is about to be removed). */
export function linkTestInput(
  form: LinkForm,
): { ok: true; value: LinkTestInput } | { ok: false; errors: LinkFieldErrors } {
  const urlError = checkBaseUrl(form.baseUrl);
  if (urlError) return { ok: false, errors: { baseUrl: urlError } };
  const baseUrl = form.baseUrl.trim().replace(/\/+$/, '');
  const typed = form.keyAction === 'replace' ? form.apiKey.trim() : '';
  if (typed !== '') return { ok: true, value: { baseUrl, apiKey: typed } };
  if (form.id && form.hasKey && form.keyAction === 'keep') return { ok: true, value: { baseUrl, linkId: form.id } };
  return { ok: true, value: { baseUrl } };
}

/** The preset wants a key and none is stored or typed: worth a hint, not an error (a proxy may not need one). */
export function missingKey(form: LinkForm, preset: LinkPreset | undefined): boolean {
  if (!preset?.needsKey) return false;
  if (form.keyAction === 'keep') return !form.hasKey;
  return form.keyAction === 'remove' || form.apiKey.trim() === '';
}
