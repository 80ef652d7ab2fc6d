// Whether a hub file fits this machine before it is downloaded: the GPU layer
// estimate the loader uses, and the free memory for whatever stays on the CPU.
// The hub gives only the file size, not the layer count, so the estimate runs
// on a nominal layer count and the verdict speaks in shares, not layer numbers. Pure.
import type { BackendKind, GpuInfo, ModelFacts } from '@shared/contract';
import type { FitVerdict } from '@shared/models/model-library';
import { estimateGpuLayers } from '@main/services/backend/gpu/estimate-gpu-layers';
import { formatBytes } from './byte-words';

/** What the machine has room for now. */
export interface MachineRoom {
  /** the backend a load would use first */
  backend: BackendKind;
  gpus: GpuInfo[];
  freeRamBytes: number;
}

// Enough layers that the share is fine-grained; the real count is known only after download.
const NOMINAL_LAYERS = 100;
/** Memory beside the weights: KV cache at a modest context and compute buffers. */
export const RAM_RESERVE_BYTES = 512 * 1024 * 1024;

export function fitVerdict(sizeBytes: number, room: MachineRoom): FitVerdict {
  const ram = formatBytes(room.freeRamBytes);
  const freeRamBytes = room.freeRamBytes;
  const cpuOnly = (cause: 'no_gpu_backend' | 'too_big_for_gpu'): FitVerdict => {
    const why = { code: 'cpu_only' as const, cause, weightsBytes: sizeBytes, freeRamBytes };
    const start = cause === 'no_gpu_backend' ? 'No GPU backend' : "Too big for the GPU's memory";
    return sizeBytes + RAM_RESERVE_BYTES <= freeRamBytes
      ? {
          kind: 'cpu',
          gpuLayers: 0,
          why,
          reason: `${start}: runs on the CPU in ${ram} of free memory (${formatBytes(sizeBytes)} of weights)`,
        }
      : {
          kind: 'too-big',
          gpuLayers: null,
          why,
          reason: `${start}, and ${formatBytes(sizeBytes)} of weights do not fit in ${ram} of free memory`,
        };
  };

  if (room.backend === 'cpu') return cpuOnly('no_gpu_backend');
  const model: ModelFacts = {
    path: '',
    name: '',
    architecture: '',
    nLayer: NOMINAL_LAYERS - 1,
    contextLength: 0,
    embeddingLength: 0,
    fileSize: sizeBytes,
    mmprojSize: 0,
    hasChatTemplate: false,
  };
  const estimate = estimateGpuLayers({ backend: room.backend, model, gpus: room.gpus, override: 'auto' });
  const why = estimate.why;
  if (why === undefined || why.code === 'vram_unknown') {
    return {
      kind: 'gpu',
      gpuLayers: null,
      why: { code: 'vram_unknown', weightsBytes: sizeBytes },
      reason: `GPU memory unknown: EVA will try every layer on the GPU (${formatBytes(sizeBytes)} of weights)`,
    };
  }
  if (why.code === 'fits') {
    const gpuBytes = why.gpuMiB * 1024 * 1024;
    return {
      kind: 'gpu',
      gpuLayers: null,
      why: { code: 'fits_gpu', weightsBytes: sizeBytes, gpuBytes, freeKnown: why.freeKnown, gpu: why.gpu },
      reason: `All layers on the GPU: ${formatBytes(sizeBytes)} of weights fit in the ${formatBytes(gpuBytes)} ${why.freeKnown ? 'free' : 'total'} on ${why.gpu}`,
    };
  }
  const share = estimate.gpuLayers / estimate.maxLayers;
  if (share <= 0) return cpuOnly('too_big_for_gpu');
  const onCpu = sizeBytes * (1 - share);
  const percent = Math.round(share * 100);
  const split = { code: 'split' as const, percent, cpuBytes: onCpu, freeRamBytes };
  if (onCpu + RAM_RESERVE_BYTES > freeRamBytes) {
    return {
      kind: 'too-big',
      gpuLayers: null,
      why: split,
      reason: `About ${percent} % fits on the GPU, and the other ${formatBytes(onCpu)} do not fit in ${ram} of free memory`,
    };
  }
  return {
    kind: 'partial',
    gpuLayers: null,
    why: split,
    reason: `About ${percent} % of the layers on the GPU, the rest (${formatBytes(onCpu)}) on the CPU; slower than all on the GPU`,
  };
}
