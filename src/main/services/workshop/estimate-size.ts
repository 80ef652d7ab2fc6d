// The size of a model once quantized to a type, from its GGUF header alone: the
// header as it is, plus each tensor in the type llama-quantize will give it
// (quant-mix.ts), rows times row bytes, padded to the file's alignment. Pure:
// what --dry-run would print, without running anything (checked against it in
// estimate-size.test.ts).
import type { GgufValue } from '../backend/gguf/gguf-values';
import { rowBytes } from '../backend/gguf/ggml-types';
import { plannedTensorTypes, type MixModel, type TensorShape } from './quant-mix';

const DEFAULT_ALIGNMENT = 32;

/** The parts of a GGUF header (gguf-reader.ts) the estimate reads. */
export interface HeaderShape {
  metadata: ReadonlyMap<string, GgufValue>;
  tensors?: readonly TensorShape[];
  /** where the tensor data starts: the header's own size */
  dataOffset?: number;
}

/** The hyperparameters the mixes depend on, read from the header's `<arch>.*` keys. */
export function mixModelOf(header: Pick<HeaderShape, 'metadata'>): MixModel {
  const meta = header.metadata;
  const architecture = String(meta.get('general.architecture') ?? '');
  const count = (key: string): number => {
    const value = meta.get(`${architecture}.${key}`);
    // Per-layer arrays (some hybrid models) are not decoded by default; their first layer stands for all.
    const first = typeof value === 'object' ? value.values?.[0] : value;
    const n = typeof first === 'bigint' ? Number(first) : first;
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  };
  const heads = count('attention.head_count');
  const headsKv = count('attention.head_count_kv') || heads;
  return {
    architecture,
    layers: count('block_count'),
    gqa: headsKv > 0 ? Math.floor(heads / headsKv) : 0,
    experts: count('expert_count'),
  };
}

/** Bytes of the quantized file, or null when a tensor's type or the file type is one this build does not know. */
export function estimateQuantizedBytes(header: HeaderShape, ftype: number): number | null {
  const tensors: readonly TensorShape[] = header.tensors ?? [];
  const types = plannedTensorTypes(tensors, ftype, mixModelOf(header));
  if (!types) return null;
  const alignment = Number(header.metadata.get('general.alignment') ?? DEFAULT_ALIGNMENT) || DEFAULT_ALIGNMENT;
  let total = header.dataOffset ?? 0;
  for (const [index, tensor] of tensors.entries()) {
    const [columns = 1, ...rest] = tensor.dims;
    const row = rowBytes(types[index]!, columns);
    if (row === null) return null;
    const bytes = row * rest.reduce((a, b) => a * b, 1);
    total += Math.ceil(bytes / alignment) * alignment;
  }
  return total;
}
