// The load dialog edits text; the contract wants LoadSettings. These two pure
// functions convert between them, and validation errors come back per field as
// message keys so the dialog can show them in the user's language.
import type { z } from 'zod';
import { HTTP_TOKEN_TEXT, LoadSettingsSchema, type BackendLoad, type LoadSettings } from '@shared/contract';
import { parseStrictInteger, type NumberProblem } from '@shared/strict-number';
import type { FieldError } from '../../ui/field-error';
import type { ContextRecommendation } from '@shared/chat/context-types';
import type { Translate } from '../../i18n';
import { formatCount } from '../../lib/format';
import type { KeyFields } from '../../ui/key-fields';
import { rpcFormFromSettings, rpcFromForm, type RpcForm } from './rpc-form';
import { speculativeFormFromSettings, speculativeFromForm, type SpeculativeForm } from '../../ui/speculative-form';

/**
 * What the form holds: numbers as typed text, so half-typed input is not lost. The
 * API key for network clients is write-only (KeyFields): the core seals it and only
 * says whether one is stored.
 */
export interface LoadForm extends KeyFields, RpcForm, SpeculativeForm {
  modelPath: string;
  backend: LoadSettings['backend'];
  contextSize: string;
  /** "auto" (or empty) or a whole number */
  gpuLayers: string;
  /** empty = 0 = let llama-server choose */
  threads: string;
  batchSize: string;
  parallel: string;
  /** empty = pick a free port */
  port: string;
  exposeOnNetwork: boolean;
  jinja: boolean;
  reasoningFormat: LoadSettings['reasoningFormat'];
  flashAttention: LoadSettings['flashAttention'];
  loraPath: string;
  mmprojPath: string;
  mlock: boolean;
  noMmap: boolean;
  metrics: boolean;
}

export type LoadField = keyof LoadForm;
export type FieldErrors = Partial<Record<LoadField, FieldError>>;
/** `value` is what is saved; `load` is what `backend:load` gets (the settings, and the key change if any). */
export type FormResult = { ok: true; value: LoadSettings; load: BackendLoad } | { ok: false; errors: FieldErrors };

export function formFromSettings(settings: LoadSettings, key: { hasKey: boolean } = { hasKey: false }): LoadForm {
  return {
    ...settings,
    apiKey: '',
    hasKey: key.hasKey,
    keyAction: key.hasKey ? 'keep' : 'replace',
    contextSize: String(settings.contextSize),
    gpuLayers: String(settings.gpuLayers),
    threads: settings.threads === 0 ? '' : String(settings.threads),
    batchSize: String(settings.batchSize),
    parallel: String(settings.parallel),
    port: settings.port === null ? '' : String(settings.port),
    ...rpcFormFromSettings(settings.rpc),
    ...speculativeFormFromSettings(settings.speculative),
  };
}

type NumberParse = { ok: true; value: number } | { ok: false; error: FieldError };

// Strict (strict-number.ts): '1e3', '0x10', '12abc' and ' 12 ' are errors, not numbers; the range comes from the
// schema.
function parseWholeNumber(text: string, schema: z.ZodType): NumberParse {
  // No load setting is negative; port's schema has no range of its own (the port policy checks it later).
  const strict = parseStrictInteger(text, { min: 0 });
  if (!strict.ok) return { ok: false, error: strictError(strict.problem) };
  const value = strict.value;
  const checked = schema.safeParse(value);
  return checked.success ? { ok: true, value } : { ok: false, error: rangeError(checked.error.issues, value) };
}

function strictError(problem: NumberProblem): FieldError {
  if (problem === 'empty') return { key: 'load.error.required' };
  if (problem === 'spaces') return { key: 'load.error.spaces' };
  if (problem === 'too_small') return { key: 'load.error.min', vars: { min: 0 } };
  return { key: 'load.error.wholeNumber' };
}

type Issue = z.core.$ZodIssue;

/** Range issues can sit inside a union's branches (gpuLayers is 'auto' | number). */
function flatIssues(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => (issue.code === 'invalid_union' ? flatIssues(issue.errors.flat()) : [issue]));
}

function rangeError(issues: readonly Issue[], value: number): FieldError {
  for (const issue of flatIssues(issues)) {
    if (issue.code === 'too_small') return { key: 'load.error.min', vars: { min: Number(issue.minimum) } };
    if (issue.code === 'too_big') return { key: 'load.error.max', vars: { max: Number(issue.maximum) } };
  }
  return { key: 'load.error.invalid', vars: { value } };
}

const shape = LoadSettingsSchema.shape;
// Parsed text fields: which schema checks them and what an empty field means.
const numberFields = {
  contextSize: { schema: shape.contextSize, empty: undefined },
  threads: { schema: shape.threads, empty: 0 },
  batchSize: { schema: shape.batchSize, empty: undefined },
  parallel: { schema: shape.parallel, empty: undefined },
  port: { schema: shape.port, empty: null },
  gpuLayers: { schema: shape.gpuLayers, empty: 'auto' },
} as const satisfies Partial<Record<LoadField, { schema: z.ZodType; empty: number | null | 'auto' | undefined }>>;

/**
 * Build LoadSettings from the form, on top of `base` (the saved settings) so a
 * setting the form does not show is kept. Every invalid field is reported at once.
 */
export function settingsFromForm(form: LoadForm, base: LoadSettings): FormResult {
  const errors: FieldErrors = {};
  const parsed: Record<string, number | null | 'auto'> = {};
  for (const [field, rule] of Object.entries(numberFields) as Array<
    [keyof typeof numberFields, (typeof numberFields)[keyof typeof numberFields]]
  >) {
    const text = form[field].trim();
    if (text === '' && rule.empty !== undefined) {
      parsed[field] = rule.empty;
      continue;
    }
    if (field === 'gpuLayers' && text.toLowerCase() === 'auto') {
      parsed[field] = 'auto';
      continue;
    }
    const result = parseWholeNumber(form[field], rule.schema);
    if (result.ok) parsed[field] = result.value;
    else
      errors[field] =
        field === 'gpuLayers' && result.error.key === 'load.error.wholeNumber'
          ? { key: 'load.error.gpuLayers' }
          : result.error;
  }
  if (form.modelPath.trim() === '') errors.modelPath = { key: 'load.error.modelRequired' };
  const key = keyChange(form);
  if (!key.ok) errors.apiKey = key.error;
  const rpc = rpcFromForm(form);
  if (!rpc.ok) Object.assign(errors, rpc.errors);
  const speculative = speculativeFromForm(form, base.speculative);
  if (!speculative.ok) Object.assign(errors, speculative.errors);
  if (Object.keys(errors).length > 0 || !key.ok || !rpc.ok || !speculative.ok) return { ok: false, errors };

  const candidate = {
    ...base,
    ...form,
    ...parsed,
    modelPath: form.modelPath.trim(),
    loraPath: form.loraPath.trim(),
    mmprojPath: form.mmprojPath.trim(),
    rpc: rpc.value,
    speculative: speculative.value,
  };
  const checked = LoadSettingsSchema.safeParse(candidate);
  if (checked.success)
    return {
      ok: true,
      value: checked.data,
      load: key.change === undefined ? checked.data : { ...checked.data, apiKey: key.change },
    };
  // Only text limits (e.g. a path over 4096 characters) can still fail here.
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in form)
      errors[field as LoadField] ??= { key: 'load.error.invalid', vars: { value: issue.message } };
  }
  return {
    ok: false,
    errors:
      Object.keys(errors).length > 0
        ? errors
        : { modelPath: { key: 'load.error.invalid', vars: { value: checked.error.message } } },
  };
}

type KeyChange = { ok: true; change: string | null | undefined } | { ok: false; error: FieldError };

/**
 * The key change `backend:load` gets: a typed key, null to remove the stored one,
 * undefined to keep it. Exposed on the network, the server needs a key: without one
 * no client there could use it (EVA itself has a key of its own per launch).
 */
function keyChange(form: LoadForm): KeyChange {
  const typed = form.keyAction === 'replace' ? form.apiKey.trim() : '';
  if (typed !== '' && !HTTP_TOKEN_TEXT.test(typed)) return { ok: false, error: { key: 'load.error.apiKeyText' } };
  if (typed !== '' && typed.length > 512) return { ok: false, error: { key: 'load.error.max', vars: { max: 512 } } };
  const change = typed !== '' ? typed : form.keyAction === 'remove' && form.hasKey ? null : undefined;
  // "Replace" with nothing typed keeps the stored key, as the link form's Keep does.
  const keyAfter = change === undefined ? form.hasKey : change !== null;
  if (form.exposeOnNetwork && !keyAfter) return { ok: false, error: { key: 'load.error.exposeNeedsKey' } };
  return { ok: true, change };
}

/**
 * The model's trained context when the form asks for more (llama-server then caps it
 * there and only says so in its log); null when the request fits or is unknown.
 * 0 means "the model's own", which always fits.
 */
export function contextBeyondTraining(contextSize: string, trainedContext: number | null): number | null {
  const asked = parseStrictInteger(contextSize, { min: 0 });
  if (!asked.ok || asked.value === 0 || !trainedContext || trainedContext <= 0) return null;
  return asked.value > trainedContext ? trainedContext : null;
}

/**
 * The context field after `backend:inspect` recommended one: the recommendation,
 * unless the user typed a value in this dialog, or the form still shows the saved
 * settings' own model and context (what the user loaded last time). null: keep it.
 */
export function contextFromRecommendation(
  form: Pick<LoadForm, 'modelPath' | 'contextSize'>,
  saved: Pick<LoadSettings, 'modelPath' | 'contextSize'>,
  recommended: ContextRecommendation | undefined,
  typed: boolean,
): string | null {
  if (!recommended || typed) return null;
  if (form.modelPath.trim() === saved.modelPath && form.contextSize === String(saved.contextSize)) return null;
  const next = String(recommended.tokens);
  return next === form.contextSize ? null : next;
}

const CONTEXT_WHY = {
  trained: 'load.contextWhy.trained',
  memory: 'load.contextWhy.memory',
  memory_unknown: 'load.contextWhy.memoryUnknown',
  no_trained: 'load.contextWhy.noTrained',
} as const;

/** Why the context field holds what it does: "Trained for 2,048 tokens; memory allows 32,768." */
export function contextReasonText(t: Translate, recommended: ContextRecommendation): string {
  const memory = recommended.memoryAllows === null ? '' : formatCount(recommended.memoryAllows);
  return t(CONTEXT_WHY[recommended.limit], {
    trained: formatCount(recommended.trained),
    memory,
    tokens: formatCount(recommended.tokens),
    where: recommended.memory === 'vram' ? 'VRAM' : 'RAM',
  });
}

/** The fields the `backend:inspect` estimate depends on; a change to any of them asks again. */
export function inspectKey(form: Pick<LoadForm, 'modelPath' | 'mmprojPath' | 'backend'>): string {
  return JSON.stringify([form.modelPath.trim(), form.mmprojPath.trim(), form.backend]);
}
