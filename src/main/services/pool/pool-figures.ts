// The pool's figures: what a model is expected to take once loaded, and the
// status of a pool with nothing running.
import type { LoadSettings } from '@shared/contract';
import type { PoolStatus } from '@shared/pool/pool-types';
import { readModelFacts } from '../backend/model/model-facts';
import type { PresetModel } from './pool-preset';

/**
 * Weights (and projector) plus the KV cache of the context the model is loaded with, and the same of its draft model
 * where it has one (the draft holds a cache of the same context): what the memory budget counts.
 */
export async function estimateBytes(model: PresetModel, load: LoadSettings): Promise<number> {
  const facts = await readModelFacts(model.path);
  const context = model.contextSize || load.contextSize || facts.contextLength;
  const draft = model.speculative?.mode === 'draft' ? await readModelFacts(model.speculative.draftPath) : null;
  return [facts, draft].reduce(
    (sum, one) => sum + (one ? one.fileSize + one.mmprojSize + (one.kvBytesPerToken ?? 0) * context : 0),
    0,
  );
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
