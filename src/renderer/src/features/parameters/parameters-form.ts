// The Parameters panel edits a draft of the chat settings: system prompt
// templates, nicknames, extra stop words and sampling (the send key lives in the
// Hotkeys panel, with the other keys).
// Numbers stay text while typed; saving turns the draft into a settings patch.
import type { z } from 'zod';
import { SamplingSchema, type ChatSettings } from '@shared/chat/schemas';
import type { SamplingSettings } from '@shared/chat/types';
import { parseStrictDecimal, plainDecimal } from '@shared/strict-number';
import type { FieldError } from '../../ui/field-error';

export const SAMPLING_FIELDS = [
  'temperature',
  'top_k',
  'top_p',
  'min_p',
  'repeat_penalty',
  'max_tokens',
  'seed',
] as const;
export type SamplingField = (typeof SAMPLING_FIELDS)[number];
const INTEGER_FIELDS: ReadonlySet<SamplingField> = new Set(['top_k', 'max_tokens', 'seed']);
const MAX_REOPEN_CACHE_MB = 10_000_000;

export interface Template {
  name: string;
  text: string;
}

export interface ParametersForm {
  /** the first is the default: it can be edited but not renamed or deleted */
  templates: Template[];
  /** the template whose text is the system prompt */
  selected: number;
  userName: string;
  modelName: string;
  /** one stop word per line; \n and \t written as escapes */
  stopWords: string;
  autoTitle: boolean;
  readAhead: boolean;
  /** the conversation cache's disk budget in MB, as typed ("0": off) */
  reopenCacheMb: string;
  /** empty = not sent, so the server's default applies */
  sampling: Record<SamplingField, string>;
}

export type ParametersErrors = Partial<Record<SamplingField | 'templateName' | 'reopenCacheMb', FieldError>>;

/** Stop words are often "\n\nUser:"; one per line needs escapes for the line breaks inside them. */
export function formatStopWords(words: readonly string[]): string {
  return words.map((word) => word.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t')).join('\n');
}

export function parseStopWords(text: string): string[] {
  const words = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace(/\\(\\|n|t)/g, (_whole, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : '\\')));
  return [...new Set(words)];
}

export function formFromSettings(chat: ChatSettings): ParametersForm {
  const templates =
    chat.templates.length > 0 ? chat.templates.map((t) => ({ ...t })) : [{ name: 'Default', text: chat.systemPrompt }];
  let selected = templates.findIndex((t) => t.text === chat.systemPrompt);
  // A system prompt that matches no template (set elsewhere) is kept as a template of its own.
  if (selected < 0) {
    templates.push({ name: 'Current', text: chat.systemPrompt });
    selected = templates.length - 1;
  }
  const sampling = Object.fromEntries(
    SAMPLING_FIELDS.map((field) => [
      field,
      chat.sampling[field] === undefined ? '' : plainDecimal(chat.sampling[field]),
    ]),
  ) as Record<SamplingField, string>;
  return {
    templates,
    selected,
    userName: chat.userName,
    modelName: chat.modelName,
    stopWords: formatStopWords(chat.stopWords),
    autoTitle: chat.autoTitle,
    readAhead: chat.readAhead,
    reopenCacheMb: String(chat.reopenCacheMb),
    sampling,
  };
}

export function addTemplate(form: ParametersForm, name: string): ParametersForm {
  const text = form.templates[form.selected]?.text ?? '';
  return { ...form, templates: [...form.templates, { name, text }], selected: form.templates.length };
}

export function deleteTemplate(form: ParametersForm, index: number): ParametersForm {
  if (index <= 0 || index >= form.templates.length) return form;
  const templates = form.templates.filter((_, i) => i !== index);
  const selected = form.selected === index ? 0 : form.selected > index ? form.selected - 1 : form.selected;
  return { ...form, templates, selected };
}

export function editTemplate(form: ParametersForm, index: number, patch: Partial<Template>): ParametersForm {
  const target = form.templates[index];
  if (!target) return form;
  const allowed = index === 0 ? { text: patch.text ?? target.text } : patch;
  return { ...form, templates: form.templates.map((t, i) => (i === index ? { ...t, ...allowed } : t)) };
}

/** A name for a new template that no other has: "Custom", "Custom 2", … */
export function freshTemplateName(templates: readonly Template[], base: string): string {
  const names = new Set(templates.map((t) => t.name));
  if (!names.has(base)) return base;
  let n = 2;
  while (names.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

type Issue = z.core.$ZodIssue;

function parseSamplingField(
  field: SamplingField,
  text: string,
): { ok: true; value: number | undefined } | { ok: false; error: FieldError } {
  if (text.trim() === '') return { ok: true, value: undefined };
  // Strict (strict-number.ts): '1e3', '0x10', 'Infinity' and ' 0.5 ' are errors, not numbers.
  const strict = parseStrictDecimal(text);
  if (!strict.ok)
    return {
      ok: false,
      error: { key: strict.problem === 'spaces' ? 'load.error.spaces' : 'conventions.error.number' },
    };
  const value = strict.value;
  if (INTEGER_FIELDS.has(field) && !Number.isInteger(value))
    return { ok: false, error: { key: 'load.error.wholeNumber' } };
  const checked = SamplingSchema.shape[field].safeParse(value);
  if (checked.success) return { ok: true, value };
  const issue = checked.error.issues.find((i: Issue) => i.code === 'too_small' || i.code === 'too_big');
  if (issue?.code === 'too_small')
    return { ok: false, error: { key: 'load.error.min', vars: { min: Number(issue.minimum) } } };
  if (issue?.code === 'too_big')
    return { ok: false, error: { key: 'load.error.max', vars: { max: Number(issue.maximum) } } };
  return { ok: false, error: { key: 'conventions.error.number' } };
}

export type ParametersResult = { ok: true; value: Partial<ChatSettings> } | { ok: false; errors: ParametersErrors };

/**
 * The settings patch for `settings:update {chat}`; `base` keeps fields the panel does not show (sampling.stop, the
 * endpoint).
 */
export function parametersPatch(form: ParametersForm, base: ChatSettings): ParametersResult {
  const errors: ParametersErrors = {};
  const sampling: SamplingSettings = {};
  for (const field of SAMPLING_FIELDS) {
    const parsed = parseSamplingField(field, form.sampling[field]);
    if (!parsed.ok) errors[field] = parsed.error;
    else if (parsed.value !== undefined) sampling[field] = parsed.value;
  }
  if (form.templates.some((t) => t.name.trim() === '')) errors.templateName = { key: 'conventions.error.templateName' };
  const cache = parseStrictDecimal(form.reopenCacheMb);
  if (!cache.ok || !Number.isInteger(cache.value) || cache.value < 0)
    errors.reopenCacheMb = { key: 'load.error.wholeNumber' };
  else if (cache.value > MAX_REOPEN_CACHE_MB)
    errors.reopenCacheMb = { key: 'load.error.max', vars: { max: MAX_REOPEN_CACHE_MB } };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (base.sampling.stop !== undefined) sampling.stop = base.sampling.stop;
  const templates = form.templates.map((t) => ({ name: t.name.trim(), text: t.text }));
  return {
    ok: true,
    value: {
      templates,
      systemPrompt: templates[form.selected]?.text ?? templates[0]?.text ?? '',
      userName: form.userName.trim(),
      modelName: form.modelName.trim(),
      stopWords: parseStopWords(form.stopWords).slice(0, 32),
      autoTitle: form.autoTitle,
      readAhead: form.readAhead,
      reopenCacheMb: cache.ok ? cache.value : base.reopenCacheMb,
      sampling,
    },
  };
}
