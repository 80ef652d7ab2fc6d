// What the pool reports of each model: the router's listing joined with what EVA keeps of it (its estimate, its
// last use, an unload under way, why its last load failed). Pure.
import type { PoolModelState, PoolModelStatus } from '@shared/pool/pool-types';
import type { PresetModel } from './pool-preset';
import type { BudgetModel } from './pool-budget';
import { modelLogLine, type RouterModel } from './router-models';

/** What EVA keeps of the pool's models beyond the router's listing. */
export interface PoolModelMemory {
  estimates: ReadonlyMap<string, number>;
  lastUsed: ReadonlyMap<string, number>;
  unloading: ReadonlySet<string>;
  errors: ReadonlyMap<string, string>;
}

/** A model in these states holds (or is taking) its share of the memory budget. */
export const holdsMemory = (state: PoolModelState): boolean =>
  state === 'loaded' || state === 'sleeping' || state === 'loading';

/** Why a model's server stopped, as the router lists it. */
export const failureNote = (entry: RouterModel): string =>
  `its server exited${entry.exitCode !== null ? ` with code ${entry.exitCode}` : ''}`;

/** One model's status from its router entry (none: the router does not list it). */
export function modelStatus(
  model: PresetModel,
  entry: RouterModel | undefined,
  memory: PoolModelMemory,
): PoolModelStatus {
  const state = memory.unloading.has(model.id)
    ? 'unloading'
    : entry?.failed && entry.state === 'unloaded'
      ? 'failed'
      : (entry?.state ?? 'unloaded');
  return {
    id: model.id,
    path: model.path,
    state,
    port: entry?.port ?? null,
    estimatedBytes: memory.estimates.get(model.id) ?? 0,
    lastUsedAt: memory.lastUsed.get(model.id) ?? null,
    error: memory.errors.get(model.id) ?? null,
  };
}

/** The models as published: the listing, or before there is one, every preset model unloaded. */
export function publishedModels(
  presets: readonly PresetModel[],
  models: PoolModelStatus[],
  estimates: ReadonlyMap<string, number>,
): { models: PoolModelStatus[]; usedBytes: number } {
  const list =
    models.length > 0
      ? models
      : presets.map((model) => ({
          id: model.id,
          path: model.path,
          state: 'unloaded' as const,
          port: null,
          estimatedBytes: estimates.get(model.id) ?? 0,
          lastUsedAt: null,
          error: null,
        }));
  const usedBytes = list.filter((model) => holdsMemory(model.state)).reduce((sum, m) => sum + m.estimatedBytes, 0);
  return { models: list, usedBytes };
}

/** A model as the budget plan weighs it. */
export const budgetEntry = (model: PoolModelStatus): BudgetModel => ({
  id: model.id,
  loaded: holdsMemory(model.state),
  estimatedBytes: model.estimatedBytes,
  lastUsedAt: model.lastUsedAt,
});

/** A model's line carries its server's port: the log names the model instead. */
export function routerLogText(models: readonly PoolModelStatus[], text: string): string {
  const own = modelLogLine(text);
  if (!own) return `[router] ${text}`;
  const model = models.find((entry) => entry.port === own.port);
  return `[${model?.id ?? `port ${own.port}`}] ${own.text}`;
}
