// How many layers to offload (-ngl), from the model's size, its KV cache at the
// chosen context and the free VRAM the probes saw. It is an estimate on purpose:
// the user can override it, and llama-server says clearly when it runs out of memory.
import type { BackendKind, GpuEstimateWhy, GpuInfo, GpuLayerEstimate, ModelFacts } from '@shared/contract';

export interface EstimateInput {
  backend: BackendKind;
  model: ModelFacts;
  gpus: GpuInfo[];
  override: 'auto' | number;
  /** the context the server is started with (-c); 0 or absent: the model's trained context */
  contextSize?: number;
}

const MiB = 1024 * 1024;
/** Percent of free VRAM the weights may use when everything goes on the GPU; the rest is slack for the driver. */
export const FULL_OFFLOAD_PERCENT = 95;
/**
 * Kept free when only some layers fit and the model's header does not give the
 * KV cache's size: the cache at a modest context plus the compute buffers, a
 * round figure that covers a 7–8B model at 4K context.
 */
export const PARTIAL_RESERVE_MiB = 1024;
/**
 * The compute buffers beside the weights and the KV cache (llama.cpp's CUDA buffers at batch 2048 stay under this for
 * 7–14B models).
 */
export const COMPUTE_RESERVE_MiB = 512;

/**
 * The -ngl to use for this backend, model and set of GPUs, with the reason in English and as a code with its numbers.
 */
export function estimateGpuLayers(input: EstimateInput): GpuLayerEstimate {
  const { backend, model, gpus, override } = input;
  // -ngl counts the repeating layers plus the output layer.
  const maxLayers = Math.max(0, Math.trunc(model.nLayer)) + 1;
  const result = (gpuLayers: number, reason: string, why: GpuEstimateWhy): GpuLayerEstimate => ({
    gpuLayers,
    maxLayers,
    reason,
    why,
  });

  if (backend === 'cpu') return result(0, 'CPU backend: no offload', { code: 'cpu' });

  if (override !== 'auto') {
    const wanted = Math.max(0, Math.trunc(override));
    return wanted > maxLayers
      ? result(maxLayers, `set by you (${wanted}, capped at the model's ${maxLayers} layers)`, {
          code: 'override_capped',
          wanted,
        })
      : result(wanted, 'set by you', { code: 'override', wanted });
  }

  const weightsMiB = (model.fileSize + model.mmprojSize) / MiB;
  const gpu = roomiest(gpus);
  if (!gpu) {
    return result(
      maxLayers,
      `VRAM unknown: offloading all ${maxLayers} layers (${mib(weightsMiB)} MiB); set GPU layers by hand if loading runs out of memory`,
      {
        code: 'vram_unknown',
        weightsMiB: Math.round(weightsMiB),
      },
    );
  }

  // The KV cache for the chosen context, from the header's own figures (layers, KV heads, head size; f16 cache).
  const context = input.contextSize && input.contextSize > 0 ? input.contextSize : model.contextLength;
  const kv =
    (model.kvBytesPerToken ?? 0) > 0 && context > 0
      ? { kvMiB: Math.round(((model.kvBytesPerToken ?? 0) * context) / MiB), context }
      : null;
  const where = `${gpu.freeKnown ? 'free' : 'total (free unknown)'} on ${gpu.name}`;
  const room = {
    weightsMiB: Math.round(weightsMiB),
    gpuMiB: Math.round(gpu.mib),
    gpu: gpu.name,
    freeKnown: gpu.freeKnown,
    percent: FULL_OFFLOAD_PERCENT,
    ...(kv ?? {}),
  };
  const cache = kv
    ? ` and ${kv.kvMiB} MiB of KV cache for ${kv.context} tokens (with ${COMPUTE_RESERVE_MiB} MiB of compute buffers)`
    : '';
  const wholeMiB = weightsMiB + (kv ? kv.kvMiB + COMPUTE_RESERVE_MiB : 0);
  // Whole percent keeps the boundary exact: 3 * 0.95 is 2.8499999999999996 in floating point.
  if (wholeMiB * 100 <= gpu.mib * FULL_OFFLOAD_PERCENT) {
    return result(
      maxLayers,
      `all ${maxLayers} layers: ${mib(weightsMiB)} MiB of weights${cache} fit in ${FULL_OFFLOAD_PERCENT} % of ${mib(gpu.mib)} MiB ${where}`,
      { code: 'fits', ...room },
    );
  }

  // Each offloaded layer takes its weights and its part of the KV cache; the projector is loaded whole
  // onto the GPU, so it comes out of the room before the layers.
  const reserveMiB = kv ? COMPUTE_RESERVE_MiB : PARTIAL_RESERVE_MiB;
  const perLayerMiB = model.fileSize / MiB / maxLayers + (kv ? kv.kvMiB / Math.max(1, maxLayers - 1) : 0);
  const roomMiB = (gpu.mib * FULL_OFFLOAD_PERCENT) / 100 - reserveMiB - model.mmprojSize / MiB;
  const fit = perLayerMiB > 0 ? Math.floor(Math.max(0, roomMiB) / perLayerMiB) : 0;
  const gpuLayers = Math.min(maxLayers - 1, fit);
  const kept = kv
    ? `about ${mib(perLayerMiB)} MiB a layer with its share of the ${kv.kvMiB} MiB KV cache for ${kv.context} tokens, ${reserveMiB} MiB kept for compute buffers`
    : `about ${mib(perLayerMiB)} MiB a layer, ${reserveMiB} MiB kept for the KV cache and compute buffers`;
  return result(
    gpuLayers,
    `${gpuLayers} of ${maxLayers} layers: ${mib(weightsMiB)} MiB of weights${kv ? ' and their KV cache' : ''} do not fit in ${FULL_OFFLOAD_PERCENT} % of ${mib(gpu.mib)} MiB ${where}; ${kept}`,
    {
      code: 'partial',
      ...room,
      perLayerMiB: Math.round(perLayerMiB),
      reserveMiB,
    },
  );
}

/**
 * The GPU with the most free VRAM. When no probe knew free memory, the largest
 * total stands in (clinfo reports only the total): an overestimate, but closer
 * than "unknown". null when no memory figure is known at all.
 */
function roomiest(gpus: GpuInfo[]): { name: string; mib: number; freeKnown: boolean } | null {
  const withFree = gpus.filter(
    (g): g is GpuInfo & { freeMiB: number } => g.freeMiB !== null && Number.isFinite(g.freeMiB),
  );
  if (withFree.length > 0) {
    const best = withFree.reduce((a, b) => (b.freeMiB > a.freeMiB ? b : a));
    return { name: best.name, mib: Math.max(0, best.freeMiB), freeKnown: true };
  }
  const withTotal = gpus.filter(
    (g): g is GpuInfo & { totalMiB: number } => g.totalMiB !== null && Number.isFinite(g.totalMiB),
  );
  if (withTotal.length > 0) {
    const best = withTotal.reduce((a, b) => (b.totalMiB > a.totalMiB ? b : a));
    return { name: best.name, mib: Math.max(0, best.totalMiB), freeKnown: false };
  }
  return null;
}

/** Whole MiB, without locale grouping so the text is the same on every machine. */
function mib(value: number): string {
  return String(Math.round(value));
}
