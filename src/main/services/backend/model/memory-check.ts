// Whether a model can be held by this machine at all: its weights (and projector)
// against all the memory it has, RAM and every GPU's together. Only a model bigger
// than everything is refused before llama-server starts; one that fits only
// partly is left to the offload estimate and llama-server's own fit, which may
// still run it from the memory-mapped file.
import type { GpuInfo, ModelFacts } from '@shared/contract';
import { AppFailure } from '@shared/errors';

const GIB = 2 ** 30;

/** RAM plus what the GPUs report; a GPU whose size is unknown counts for nothing. */
export function machineMemoryBytes(ramBytes: number, gpus: readonly GpuInfo[]): number {
  return ramBytes + gpus.reduce((sum, gpu) => sum + (gpu.totalMiB ?? 0) * 2 ** 20, 0);
}

/** Throws `out_of_memory` (details.reason `model_too_large`) for a model larger than all the memory there is. */
export function checkModelFitsMachine(model: ModelFacts, ramBytes: number, gpus: readonly GpuInfo[]): void {
  const neededBytes = model.fileSize + model.mmprojSize;
  const totalBytes = machineMemoryBytes(ramBytes, gpus);
  // Without a figure for the RAM (a probe that failed) nothing is known to be too small.
  if (ramBytes <= 0 || neededBytes <= totalBytes) return;
  const gib = (bytes: number): string => `${(bytes / GIB).toFixed(1)} GiB`;
  throw new AppFailure(
    'out_of_memory',
    `${model.path} needs ${gib(neededBytes)} of memory, more than this machine has in all (${gib(totalBytes)} of RAM${gpus.length > 0 ? ' and GPU memory' : ''}); choose a smaller model or quantization`,
    { reason: 'model_too_large', path: model.path, neededBytes, totalBytes },
  );
}
