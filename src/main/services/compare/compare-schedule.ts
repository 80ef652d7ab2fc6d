// Together or one after another: the pool's budget logic (pool-budget.ts) over a
// compare run's models. The models EVA starts for the run are loaded, in
// thought, one by one into the memory free now; any that would have to push an
// earlier one out means they cannot all answer at once. The pool's own models
// are weighed against the pool's budget and its count of loaded models. Pure.
import type { CompareSchedule } from '@shared/compare/compare-types';
import type { PoolModelStatus, PoolStatus } from '@shared/pool/pool-types';
import { planLoad, type BudgetModel } from '../pool/pool-budget';
import { budgetEntry } from '../pool/pool-model-status';

/** One column's model as the schedule weighs it. */
export type ScheduledEntrant =
  | { columnId: string; kind: 'file'; estimatedBytes: number }
  /** the pool's listing of it: its estimate, and whether it holds memory already */
  | { columnId: string; kind: 'pool'; model: PoolModelStatus };

export interface ScheduleInput {
  entrants: readonly ScheduledEntrant[];
  /** free memory on this machine now */
  freeBytes: number;
  /** the pool as it runs (its budget and count), when a column asks one of its models */
  pool: Pick<PoolStatus, 'models' | 'budgetBytes' | 'maxLoaded'> | null;
  /** the user asked for one model after another: each answers with the processor to itself */
  oneAfterAnother?: boolean;
}

export function planSchedule({ entrants, freeBytes, pool, oneAfterAnother }: ScheduleInput): CompareSchedule {
  const estimates = entrants.map((entrant) => ({ columnId: entrant.columnId, bytes: extraBytes(entrant) }));
  const neededBytes = estimates.reduce((sum, estimate) => sum + estimate.bytes, 0);
  const tooLarge = estimates.filter((estimate) => estimate.bytes > freeBytes).map((estimate) => estimate.columnId);
  const schedule = { neededBytes, freeBytes, estimates, tooLarge };
  if (!fitTogether(estimates, freeBytes)) return { ...schedule, mode: 'sequential', reason: 'memory' };
  if (pool && !poolHoldsTogether(entrants, pool)) return { ...schedule, mode: 'sequential', reason: 'pool' };
  if (oneAfterAnother) return { ...schedule, mode: 'sequential', reason: 'chosen' };
  return { ...schedule, mode: 'parallel', reason: 'fits' };
}

/** What a column adds to what is in use now: its model's estimate, or nothing for a pool model already loaded. */
function extraBytes(entrant: ScheduledEntrant): number {
  if (entrant.kind === 'file') return entrant.estimatedBytes;
  return budgetEntry(entrant.model).loaded ? 0 : entrant.model.estimatedBytes;
}

/** Loading each model beside the ones before it never has to unload one, in the memory free now. */
function fitTogether(estimates: ReadonlyArray<{ columnId: string; bytes: number }>, freeBytes: number): boolean {
  const loaded: BudgetModel[] = [];
  for (const [index, estimate] of estimates.entries()) {
    const wanted: BudgetModel = {
      id: estimate.columnId,
      loaded: false,
      estimatedBytes: estimate.bytes,
      lastUsedAt: index,
    };
    const plan = planLoad([...loaded, wanted], wanted.id, freeBytes, estimates.length);
    if (!plan.ok || plan.unload.length > 0) return false;
    loaded.push({ ...wanted, loaded: true });
  }
  return true;
}

/**
 * The pool keeps its columns' models loaded together: each loaded in turn, with the others used just before, never
 * pushes another of them out of the pool's budget or count (the pool would unload it under an answer's feet).
 */
function poolHoldsTogether(entrants: readonly ScheduledEntrant[], pool: ScheduleInput['pool'] & object): boolean {
  const wanted = new Set(entrants.flatMap((entrant) => (entrant.kind === 'pool' ? [entrant.model.id] : [])));
  if (wanted.size < 2) return true;
  let models = pool.models.map(budgetEntry);
  let clock = Math.max(0, ...models.map((model) => model.lastUsedAt ?? 0)) + 1;
  for (const id of wanted) {
    const plan = planLoad(models, id, pool.budgetBytes, pool.maxLoaded);
    if (!plan.ok || plan.unload.some((other) => wanted.has(other))) return false;
    models = models.map((model) =>
      plan.unload.includes(model.id)
        ? { ...model, loaded: false }
        : model.id === id
          ? { ...model, loaded: true, lastUsedAt: clock++ }
          : model,
    );
  }
  return true;
}
