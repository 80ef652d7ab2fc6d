// The load dialog's default context size: the model's trained context, capped so
// that the weights plus the KV cache fit the free memory with a margin. Pure: the
// free memory and the GGUF facts are passed in.
import type { ContextRecommendation } from '@shared/chat/context-types';
import type { GgufValue } from '../gguf/gguf-values';

const MiB = 1024 * 1024;
/** f16 K and V caches: two bytes an element. */
const F16_BYTES = 2;
/** Share of free memory that may be planned with; the rest is slack for the OS, the driver and other apps. */
export const USABLE_PERCENT = 90;
/** Compute buffers and the server itself, beside the weights and the KV cache. */
export const OVERHEAD_MiB = 512;
/** When free memory is unknown, a trained context above this is not assumed to fit. */
export const UNKNOWN_MEMORY_CAP = 8192;
/** Used when the file does not say what it was trained for (llama-server's own default is 4096). */
export const FALLBACK_CONTEXT = 4096;
const MIN_CONTEXT = 512;

/**
 * KV cache bytes per token at f16: n_layer × (n_embd_k_gqa + n_embd_v_gqa) × 2, where
 * n_embd_k_gqa = key_length × head_count_kv (key_length defaults to n_embd / head_count,
 * head_count_kv to head_count, as llama.cpp reads them). A per-layer head_count_kv array
 * (some models vary it by layer) is summed. 0 when the header lacks what is needed.
 */
export function kvBytesPerToken(metadata: ReadonlyMap<string, GgufValue>, architecture: string): number {
  const get = (key: string): GgufValue | undefined => metadata.get(`${architecture}.${key}`);
  const nLayer = count(get('block_count'));
  const nEmbd = count(get('embedding_length'));
  const heads = perLayer(get('attention.head_count'), nLayer);
  if (nLayer === 0 || heads === null || heads.every((h) => h === 0)) return 0;
  const headsKv = perLayer(get('attention.head_count_kv'), nLayer) ?? heads;
  const firstHeads = heads.find((h) => h > 0) ?? 0;
  const keyLength = count(get('attention.key_length')) || (firstHeads > 0 ? Math.floor(nEmbd / firstHeads) : 0);
  const valueLength = count(get('attention.value_length')) || keyLength;
  const kvHeads = headsKv.reduce((sum, h) => sum + h, 0);
  return kvHeads * (keyLength + valueLength) * F16_BYTES;
}

function count(value: GgufValue | undefined): number {
  const n = typeof value === 'bigint' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** One value per layer: a scalar repeats, an array is taken as is (null when absent or malformed). */
function perLayer(value: GgufValue | undefined, nLayer: number): number[] | null {
  if (value === undefined) return null;
  if (typeof value === 'object' && value !== null && 'values' in value) {
    const values = (value.values ?? []).map((v) => count(v));
    return values.length === nLayer ? values : null;
  }
  const n = count(value);
  return n > 0 ? Array.from({ length: nLayer }, () => n) : null;
}

/** Round down to 1, 1.5, 2, 3, 4, 6, 8, … × 1024 (a number a user would type), never below 512. */
export function roundContext(tokens: number): number {
  if (!(tokens >= 1024)) return MIN_CONTEXT;
  let step = 1024;
  while (step * 2 <= tokens) step *= 2;
  return tokens >= step * 1.5 ? step * 1.5 : step;
}

export interface RecommendInput {
  /** the model's trained context; 0 when unknown */
  trained: number;
  kvBytesPerToken: number;
  /** weights that share the memory with the KV cache (model + projector file sizes) */
  weightsBytes: number;
  /** free bytes where the KV cache lives; null when unknown */
  freeBytes: number | null;
  memory: 'ram' | 'vram';
}

export function recommendContext({
  trained,
  kvBytesPerToken: perToken,
  weightsBytes,
  freeBytes,
  memory,
}: RecommendInput): ContextRecommendation {
  const base = { trained, memory, kvBytesPerToken: perToken };
  let memoryAllows: number | null = null;
  if (freeBytes !== null && perToken > 0) {
    const room = (freeBytes * USABLE_PERCENT) / 100 - weightsBytes - OVERHEAD_MiB * MiB;
    memoryAllows = roundContext(Math.max(0, room) / perToken);
  }
  const wanted = trained > 0 ? trained : FALLBACK_CONTEXT;
  if (memoryAllows === null) {
    const capped = Math.min(wanted, UNKNOWN_MEMORY_CAP);
    return {
      ...base,
      tokens: capped,
      memoryAllows,
      limit: capped < wanted ? 'memory_unknown' : trained > 0 ? 'trained' : 'no_trained',
    };
  }
  if (memoryAllows < wanted) return { ...base, tokens: memoryAllows, memoryAllows, limit: 'memory' };
  return { ...base, tokens: wanted, memoryAllows, limit: trained > 0 ? 'trained' : 'no_trained' };
}
