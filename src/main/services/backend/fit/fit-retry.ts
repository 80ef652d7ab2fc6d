// What to try next after a load ran out of memory: fewer GPU layers when a GPU
// ran out holding weights or KV cache, a smaller context when host memory ran out,
// when the GPU's compute buffers did, or when no layer is left to move.
// Each step gives back a real share of memory (a quarter of the layers, half the
// context), so a load that cannot fit gives up after a few tries instead of
// creeping down one layer at a time.
import type { FitChange, FitPoint } from '@shared/contract';
import { isGpuDevice, type OutOfMemory } from './out-of-memory';

/** No context below this: a chat needs room for a question and its answer. */
export const MIN_FIT_CONTEXT = 512;
/** Contexts stay multiples of this (llama.cpp pads the KV cache to 256). */
const CONTEXT_STEP = 256;
/**
 * Tries of one backend, the first included, before the load fails with the last error:
 * enough to halve a context from 1M tokens to 8K, or to bring 33 layers down to 5.
 */
export const MAX_FIT_ATTEMPTS = 8;

export interface FitLimits {
  /** -ngl counting the output layer (nLayer + 1) */
  maxLayers: number;
  /** the context -c 0 stands for: the model's trained context */
  trainedContext: number;
}

/** The next launch figures and the change in words, or null when nothing smaller is left to try. */
export function nextFitPoint(current: FitPoint, oom: OutOfMemory, limits: FitLimits): FitChange | null {
  const what = `${oom.device} ran out of memory${oom.buffer ? ` allocating the ${BUFFER_WORDS[oom.buffer]}` : ''}${oom.mib !== null ? ` (${Math.round(oom.mib)} MiB)` : ''}`;
  const context = current.contextSize > 0 ? current.contextSize : limits.trainedContext;
  // The compute buffers grow with the context and stay on the GPU whatever the layers (an H200 ran out
  // at 16M tokens with 1 of 3 layers offloaded): a smaller context is what helps there.
  const computeOnGpu = isGpuDevice(oom.device) && oom.buffer === 'compute' && context > MIN_FIT_CONTEXT;
  if (isGpuDevice(oom.device) && current.gpuLayers > 0 && !computeOnGpu) {
    const gpuLayers = Math.max(0, Math.min(current.gpuLayers - 1, Math.floor((current.gpuLayers * 3) / 4)));
    const to = { ...current, gpuLayers };
    return {
      from: current,
      to,
      device: oom.device,
      buffer: oom.buffer,
      text: `${what}: GPU layers ${current.gpuLayers} → ${gpuLayers} of ${limits.maxLayers}`,
    };
  }
  if (!(context > MIN_FIT_CONTEXT)) return null;
  // Weights that do not fit in RAM do not fit in less context either.
  if (!isGpuDevice(oom.device) && oom.buffer === 'model') return null;
  const contextSize = Math.max(MIN_FIT_CONTEXT, Math.floor(context / 2 / CONTEXT_STEP) * CONTEXT_STEP);
  const to = { ...current, contextSize };
  return {
    from: current,
    to,
    device: oom.device,
    buffer: oom.buffer,
    text: `${what}: context ${context} → ${contextSize} tokens`,
  };
}

const BUFFER_WORDS: Record<NonNullable<OutOfMemory['buffer']>, string> = {
  model: 'weights',
  kv: 'KV cache',
  compute: 'compute buffers',
};
