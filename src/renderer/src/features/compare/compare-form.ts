// The New comparison form: which model each column asks (two to four), the
// prompts (several separated by a line of three dashes, each asked afresh), the
// settings every column shares, and what the core is asked to start. Pure.
import type { CompareStartInput } from '@shared/compare/compare-schemas';
import {
  COMPARE_MAX_COLUMNS,
  COMPARE_MIN_COLUMNS,
  type CompareEntrant,
  type CompareSettings,
} from '@shared/compare/compare-types';
import type { AppSettings } from '@shared/contract';

export interface CompareForm {
  /** one per column: an entrant's key (entrantKey), '' while none is chosen */
  slots: string[];
  prompts: string;
  systemPrompt: string;
  temperature: number;
  maxTokens: number;
  /** the sampling seed; -1: a new one each answer */
  seed: number;
  contextSize: number;
  blind: boolean;
  /** one model after another even where they fit together */
  oneAfterAnother: boolean;
}

/** A line of three dashes between two prompts. */
const SEPARATOR = /^[ \t]*---[ \t]*$/m;
export const PROMPT_SEPARATOR = '\n---\n';

/** The prompts of the form's text, in order, blanks left out. */
export function splitPrompts(text: string): string[] {
  return text
    .split(new RegExp(SEPARATOR.source, 'gm'))
    .map((prompt) => prompt.trim())
    .filter((prompt) => prompt !== '');
}

export const joinPrompts = (prompts: readonly string[]): string => prompts.join(PROMPT_SEPARATOR);

/** What a select's option stands for: `file:<path>` or `pool:<id>`. */
export function entrantKey(entrant: CompareEntrant): string {
  return entrant.kind === 'file' ? `file:${entrant.path}` : `pool:${entrant.id}`;
}

export function entrantOf(key: string): CompareEntrant | null {
  if (key.startsWith('file:') && key.length > 5) return { kind: 'file', path: key.slice(5) };
  if (key.startsWith('pool:') && key.length > 5) return { kind: 'pool', id: key.slice(5) };
  return null;
}

/** A fresh form with the user's own defaults: the chat's system prompt and sampling, the load's context. */
export function initialForm(settings: AppSettings | null): CompareForm {
  const sampling = settings?.chat.sampling;
  return {
    slots: ['', ''],
    prompts: '',
    systemPrompt: settings?.chat.systemPrompt ?? '',
    temperature: sampling?.temperature ?? 0.6,
    maxTokens: sampling?.max_tokens && sampling.max_tokens > 0 ? Math.min(sampling.max_tokens, 1024) : 512,
    seed: 42,
    contextSize: settings?.load.contextSize ?? 4096,
    blind: false,
    oneAfterAnother: false,
  };
}

export const canAddSlot = (form: CompareForm): boolean => form.slots.length < COMPARE_MAX_COLUMNS;
export const canRemoveSlot = (form: CompareForm): boolean => form.slots.length > COMPARE_MIN_COLUMNS;

export function withSlot(form: CompareForm, index: number, key: string): CompareForm {
  return { ...form, slots: form.slots.map((slot, at) => (at === index ? key : slot)) };
}

export function withExtraSlot(form: CompareForm): CompareForm {
  return canAddSlot(form) ? { ...form, slots: [...form.slots, ''] } : form;
}

export function withoutSlot(form: CompareForm, index: number): CompareForm {
  return canRemoveSlot(form) ? { ...form, slots: form.slots.filter((_, at) => at !== index) } : form;
}

/** The entrants chosen so far, in column order. */
export function chosenEntrants(form: CompareForm): CompareEntrant[] {
  return form.slots.flatMap((slot) => {
    const entrant = entrantOf(slot);
    return entrant ? [entrant] : [];
  });
}

/** Why the form cannot start yet (null: it can). */
export type FormProblem = 'models' | 'prompt' | 'duplicate';

export function formProblem(form: CompareForm): FormProblem | null {
  if (chosenEntrants(form).length !== form.slots.length || form.slots.length < COMPARE_MIN_COLUMNS) return 'models';
  if (new Set(form.slots).size !== form.slots.length) return 'duplicate';
  if (splitPrompts(form.prompts).length === 0) return 'prompt';
  return null;
}

export function settingsOf(form: CompareForm, sampling: AppSettings['chat']['sampling'] | undefined): CompareSettings {
  return {
    systemPrompt: form.systemPrompt,
    // The chat's other sampling settings (top_k, top_p…) go along as they are, so a run is the user's own chat.
    sampling: { ...sampling, temperature: form.temperature, max_tokens: form.maxTokens, seed: form.seed },
    contextSize: form.contextSize,
    blind: form.blind,
    oneAfterAnother: form.oneAfterAnother,
  };
}

export function startInput(form: CompareForm, sampling?: AppSettings['chat']['sampling']): CompareStartInput {
  return { entrants: chosenEntrants(form), prompts: splitPrompts(form.prompts), settings: settingsOf(form, sampling) };
}
