// The Several models form: what is typed, to the pool settings `pool:start`
// takes, or the field that is wrong. One file per line; blank lines are skipped.
// Each file has its own speculative decoding, kept by path so that editing the
// list does not move a draft to another model.
import type { PoolModel, PoolSettings } from '@shared/pool/pool-settings';
import { DEFAULT_SPECULATIVE_SETTINGS } from '@shared/speculative/speculative-settings';
import type { FieldError } from '../../ui/field-error';
import { speculativeFormFromSettings, speculativeFromForm, type SpeculativeForm } from '../../ui/speculative-form';

export interface PoolForm {
  files: string;
  maxLoaded: string;
  budgetMiB: string;
  idleMinutes: string;
  /** each file's speculative decoding, by its path as typed (trimmed); a file without an entry has none */
  speculative: Record<string, SpeculativeForm>;
}

export type PoolFormField = 'files' | 'maxLoaded' | 'budgetMiB' | 'idleMinutes' | 'speculative';

export type PoolFormResult =
  | { ok: true; settings: PoolSettings }
  | { ok: false; field: Exclude<PoolFormField, 'speculative'> }
  | { ok: false; field: 'speculative'; path: string; errors: Partial<Record<keyof SpeculativeForm, FieldError>> };

export function poolFormFrom(saved: PoolSettings | undefined, recentModels: readonly string[]): PoolForm {
  return {
    files: (saved?.models.length ? saved.models.map((model) => model.path) : recentModels).join('\n'),
    maxLoaded: String(saved?.maxLoaded ?? 2),
    budgetMiB: String(saved?.memoryBudgetMiB ?? 0),
    idleMinutes: String(saved?.idleUnloadMinutes ?? 30),
    speculative: Object.fromEntries(
      (saved?.models ?? [])
        .filter((model) => model.speculative !== undefined)
        .map((model) => [model.path, speculativeFormFromSettings(model.speculative!)]),
    ),
  };
}

/** The files of the form, one a line, trimmed, blank lines skipped. */
export function poolFormPaths(form: Pick<PoolForm, 'files'>): string[] {
  return form.files
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A file's speculative fields: its own, else off with llama.cpp's draft lengths. */
export function poolSpeculativeForm(form: Pick<PoolForm, 'speculative'>, path: string): SpeculativeForm {
  return form.speculative[path] ?? speculativeFormFromSettings(DEFAULT_SPECULATIVE_SETTINGS);
}

export function poolSettingsFrom(form: PoolForm): PoolFormResult {
  const paths = poolFormPaths(form);
  if (paths.length === 0) return { ok: false, field: 'files' };
  const whole = (text: string, min: number): number | null =>
    /^\d+$/.test(text.trim()) && Number(text) >= min ? Number(text) : null;
  const maxLoaded = whole(form.maxLoaded, 1);
  if (maxLoaded === null) return { ok: false, field: 'maxLoaded' };
  const memoryBudgetMiB = whole(form.budgetMiB, 0);
  if (memoryBudgetMiB === null) return { ok: false, field: 'budgetMiB' };
  const idleUnloadMinutes = whole(form.idleMinutes, 0);
  if (idleUnloadMinutes === null) return { ok: false, field: 'idleMinutes' };
  const models: PoolModel[] = [];
  for (const path of paths) {
    const speculative = speculativeFromForm(poolSpeculativeForm(form, path), DEFAULT_SPECULATIVE_SETTINGS);
    if (!speculative.ok) return { ok: false, field: 'speculative', path, errors: speculative.errors };
    models.push(
      speculative.value.mode === 'off'
        ? { path, contextSize: 0 }
        : { path, contextSize: 0, speculative: speculative.value },
    );
  }
  return { ok: true, settings: { models, maxLoaded, memoryBudgetMiB, idleUnloadMinutes } };
}
