// What the pool keeps and reports of its models: the status it publishes, each model's estimate and last use, the
// unloads under way and why a load failed, joined with the router's listing on each refresh.
import type { PoolModelStatus, PoolStatus } from '@shared/pool/pool-types';
import { blankPoolStatus } from './pool-figures';
import { failureNote, modelStatus, publishedModels, type PoolModelMemory } from './pool-model-status';
import type { PresetModel } from './pool-preset';
import type { RouterModel } from './router-models';

export class PoolListing implements PoolModelMemory {
  status: PoolStatus = blankPoolStatus('stopped');
  estimates = new Map<string, number>();
  readonly lastUsed = new Map<string, number>();
  readonly unloading = new Set<string>();
  readonly errors = new Map<string, string>();

  constructor(private readonly emit: (status: PoolStatus) => void) {}

  /** Publishes the status as it is now. */
  announce(): PoolStatus {
    this.emit(this.status);
    return this.status;
  }

  /** Joins the router's listing into the status and publishes it. */
  update(presets: readonly PresetModel[], listed: readonly RouterModel[]): PoolModelStatus[] {
    const models = presets.map((model) => {
      const entry = listed.find((item) => item.id === model.id);
      if (entry?.failed && !this.errors.has(model.id)) this.errors.set(model.id, failureNote(entry));
      return modelStatus(model, entry, this);
    });
    this.publish(presets, models);
    return models;
  }

  /** Publishes these models (none: every preset model, unloaded) and the memory they take. */
  publish(presets: readonly PresetModel[], models: PoolModelStatus[]): void {
    this.status = { ...this.status, ...publishedModels(presets, models, this.estimates) };
    this.emit(this.status);
  }

  /** A stopped router's models start afresh: no last use, no load error. */
  forget(): void {
    this.lastUsed.clear();
    this.errors.clear();
  }
}
