// The Several models form: what is typed, to the pool settings `pool:start`
// takes, or the field that is wrong. One file per line; blank lines are skipped.
import type { PoolSettings } from '@shared/pool/pool-settings';

export interface PoolForm {
  files: string;
  maxLoaded: string;
  budgetMiB: string;
  idleMinutes: string;
}

export type PoolFormField = 'files' | 'maxLoaded' | 'budgetMiB' | 'idleMinutes';

export function poolFormFrom(saved: PoolSettings | undefined, recentModels: readonly string[]): PoolForm {
  return {
    files: (saved?.models.length ? saved.models.map((model) => model.path) : recentModels).join('\n'),
    maxLoaded: String(saved?.maxLoaded ?? 2),
    budgetMiB: String(saved?.memoryBudgetMiB ?? 0),
    idleMinutes: String(saved?.idleUnloadMinutes ?? 30),
  };
}

export function poolSettingsFrom(
  form: PoolForm,
): { ok: true; settings: PoolSettings } | { ok: false; field: PoolFormField } {
  const paths = form.files
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (paths.length === 0) return { ok: false, field: 'files' };
  const whole = (text: string, min: number): number | null =>
    /^\d+$/.test(text.trim()) && Number(text) >= min ? Number(text) : null;
  const maxLoaded = whole(form.maxLoaded, 1);
  if (maxLoaded === null) return { ok: false, field: 'maxLoaded' };
  const memoryBudgetMiB = whole(form.budgetMiB, 0);
  if (memoryBudgetMiB === null) return { ok: false, field: 'budgetMiB' };
  const idleUnloadMinutes = whole(form.idleMinutes, 0);
  if (idleUnloadMinutes === null) return { ok: false, field: 'idleMinutes' };
  return {
    ok: true,
    settings: {
      models: paths.map((path) => ({ path, contextSize: 0 })),
      maxLoaded,
      memoryBudgetMiB,
      idleUnloadMinutes,
    },
  };
}
