// What has to be unloaded before a model is loaded: the least recently used
// loaded models go first, until the new one fits in the memory budget and the
// count stays within --models-max (the router would otherwise pick for itself).
export interface BudgetModel {
  id: string;
  loaded: boolean;
  estimatedBytes: number;
  lastUsedAt: number | null;
}

export type BudgetPlan = { ok: true; unload: string[] } | { ok: false; why: string };

export function planLoad(
  models: readonly BudgetModel[],
  wanted: string,
  budgetBytes: number,
  maxLoaded: number,
): BudgetPlan {
  const target = models.find((model) => model.id === wanted);
  if (!target) return { ok: false, why: `no model "${wanted}" in the pool` };
  if (target.estimatedBytes > budgetBytes)
    return {
      ok: false,
      why: `${wanted} needs about ${mib(target.estimatedBytes)} MiB, more than the pool's memory budget of ${mib(budgetBytes)} MiB`,
    };
  if (target.loaded) return { ok: true, unload: [] };
  const loaded = models
    .filter((model) => model.loaded && model.id !== wanted)
    .sort((a, b) => (a.lastUsedAt ?? 0) - (b.lastUsedAt ?? 0));
  let used = loaded.reduce((sum, model) => sum + model.estimatedBytes, 0) + target.estimatedBytes;
  let count = loaded.length + 1;
  const unload: string[] = [];
  for (const model of loaded) {
    if (used <= budgetBytes && count <= maxLoaded) break;
    unload.push(model.id);
    used -= model.estimatedBytes;
    count--;
  }
  return { ok: true, unload };
}

const mib = (bytes: number) => Math.ceil(bytes / 2 ** 20);
