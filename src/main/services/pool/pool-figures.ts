// The pool's figures: what a model is expected to take once loaded, and the
// status of a pool with nothing running.
import type { LoadSettings } from '@shared/contract';
import type { PoolStatus } from '@shared/pool/pool-types';
import { readModelFacts } from '../backend/model/model-facts';
import type { PresetModel } from './pool-preset';

/** Weights (and projector) plus the KV cache of the context the model is loaded with: what the memory budget counts. */
export async function estimateBytes(model: PresetModel, load: LoadSettings): Promise<number> {
  const facts = await readModelFacts(model.path);
  const context = model.contextSize || load.contextSize || facts.contextLength;
  return facts.fileSize + facts.mmprojSize + (facts.kvBytesPerToken ?? 0) * context;
}

export function blankPoolStatus(state: PoolStatus['state']): PoolStatus {
  return {
    state,
    port: null,
    pid: null,
    models: [],
    maxLoaded: 0,
    budgetBytes: 0,
    usedBytes: 0,
    error: null,
    restart: null,
  };
}
