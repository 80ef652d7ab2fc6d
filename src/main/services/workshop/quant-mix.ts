// Which ggml type llama-quantize gives each tensor for a file type: a port of
// llama.cpp's tensor_allows_quantization, llama_tensor_get_type_impl and
// tensor_type_fallback (src/llama-quant.cpp) for the default options (no
// --pure, no per-tensor overrides). The K-quant "mixes" (Q4_K_M, Q3_K_L, …)
// give attention-V, FFN-down and the output more bits, and a tensor whose rows
// do not fit a type's block falls back to a smaller block; ignoring either
// would put the size estimate off by 5–40 %. Pure.
import { GGML_TYPES, isQuantizedType, T } from '../backend/gguf/ggml-types';
import { DEFAULT_TYPE, F } from './llama-ftype';
import { allowsQuantization, categoryOf, isAttnV, layerOf, type Category } from './tensor-category';

/** A tensor as the GGUF header lists it. */
export interface TensorShape {
  name: string;
  /** innermost first (ggml's ne[]) */
  dims: number[];
  type: number;
}

/** The hyperparameters the rules look at. */
export interface MixModel {
  architecture: string;
  /** block_count: the number of FFN-down (and gate, up) tensors the rules count with */
  layers: number;
  /** attention heads per KV head (1 without grouped-query attention) */
  gqa: number;
  /** experts per MoE layer (0 for a dense model) */
  experts: number;
}

/** The K-quant mixes give these layers of a run of n more bits: the first and last eighth and every third between. */
const useMoreBits = (i: number, n: number) => i < n / 8 || i >= (7 * n) / 8 || (i - Math.floor(n / 8)) % 3 === 2;

/**
 * The order llama.cpp visits tensors in (its loader's map: by layer, then by name), which the per-layer counters depend
 * on.
 */
function visitOrder(tensors: readonly TensorShape[]): number[] {
  const key = (t: TensorShape) => layerOf(t.name) ?? -1;
  return tensors
    .map((_t, i) => i)
    .sort(
      (a, b) =>
        key(tensors[a]!) - key(tensors[b]!) ||
        (tensors[a]!.name < tensors[b]!.name ? -1 : tensors[a]!.name > tensors[b]!.name ? 1 : 0),
    );
}

/**
 * The ggml type llama-quantize writes each tensor as (same order as `tensors`); null for a file type it has no default
 * for.
 */
export function plannedTensorTypes(tensors: readonly TensorShape[], ftype: number, model: MixModel): number[] | null {
  const defaultType = DEFAULT_TYPE[ftype];
  if (defaultType === undefined) return null;
  const categories = tensors.map((t) => categoryOf(t.name));
  const state = {
    tied: !categories.includes('output'),
    nAttnV: categories.filter(isAttnV).length,
    iAttnV: 0,
    iFfnDown: 0,
    nFfn: model.layers,
  };
  const types = tensors.map((t) => t.type);
  for (const index of visitOrder(tensors)) {
    const tensor = tensors[index]!;
    if (!allowsQuantization(tensor.name, tensor.dims)) continue;
    let type = defaultType;
    if (isQuantizedType(defaultType)) {
      type = mixType(type, tensor, categories[index]!, ftype, model, state);
      type = fallbackType(tensor, type);
    }
    types[index] = type;
  }
  return types;
}

interface MixState {
  tied: boolean;
  nAttnV: number;
  iAttnV: number;
  iFfnDown: number;
  nFfn: number;
}

/** llama_tensor_get_type_impl for the default options. */
function mixType(
  defaultType: number,
  tensor: TensorShape,
  category: Category,
  ftype: number,
  model: MixModel,
  s: MixState,
): number {
  const falcon = model.architecture === 'falcon';
  const veryLowBit = [F.IQ2_XXS, F.IQ2_XS, F.IQ1_S, F.IQ2_S, F.IQ2_M, F.IQ1_M] as number[];
  const ffnLayer = () => layerOf(tensor.name) ?? s.iFfnDown;
  let type = defaultType;
  if (category === 'output' || (s.tied && category === 'token_embd')) {
    const block = GGML_TYPES[type]?.blockSize ?? 1;
    if (ftype === F.MXFP4_MOE || falcon || (tensor.dims[0] ?? 0) % block !== 0) type = T.Q8_0;
    else if ([F.IQ2_XXS, F.IQ2_XS, F.IQ3_XXS, F.IQ1_S, F.IQ2_S, F.IQ2_M, F.IQ1_M].includes(ftype as never))
      type = T.Q5_K;
    else if (type !== T.Q8_0) type = T.Q6_K;
  } else if (ftype === F.MXFP4_MOE) {
    type = (tensor.dims[2] ?? 1) > 1 ? T.MXFP4 : T.Q8_0;
  } else if (category === 'token_embd') {
    if ([F.IQ2_XXS, F.IQ2_XS, F.IQ1_S, F.IQ1_M].includes(ftype as never)) type = T.Q2_K;
    else if ([F.IQ2_S, F.IQ2_M, F.IQ3_XXS].includes(ftype as never)) type = T.IQ3_S;
    else if ([F.TQ1_0, F.TQ2_0, F.Q2_0].includes(ftype as never)) type = T.Q4_K;
  } else if (veryLowBit.includes(ftype)) {
    const iq2sm = ftype === F.IQ2_S || ftype === F.IQ2_M;
    if (isAttnV(category)) {
      type = model.gqa >= 4 || model.experts >= 4 ? T.Q4_K : iq2sm ? T.IQ3_S : T.Q2_K;
      s.iAttnV++;
    } else if (model.experts === 8 && category === 'attn_k') type = T.Q4_K;
    else if (category === 'ffn_down') {
      if (s.iFfnDown < s.nFfn / 8) type = iq2sm ? T.IQ3_S : T.Q2_K;
      s.iFfnDown++;
    } else if (category === 'attn_output') {
      if (model.experts === 8) type = T.Q5_K;
      else if (ftype === F.IQ1_S || ftype === F.IQ1_M) type = T.IQ2_XXS;
      else if (iq2sm) type = T.IQ3_S;
    }
  } else if (isAttnV(category)) {
    // Fused QKV counts as V here, as in llama.cpp (its own QKV branch further down is never reached).
    type = attnVType(type, ftype, model, s);
    s.iAttnV++;
  } else if (category === 'attn_k') {
    if (model.experts === 8) type = T.Q8_0;
    else if (ftype === F.IQ3_XS) type = T.IQ3_XXS;
    else if (ftype === F.IQ3_XXS) type = T.IQ2_S;
  } else if (category === 'attn_q') {
    if (ftype === F.IQ3_XS) type = T.IQ3_XXS;
    else if (ftype === F.IQ3_XXS) type = T.IQ2_S;
  } else if (category === 'ffn_down') {
    type = ffnDownType(type, ftype, model, ffnLayer(), s.nFfn);
    s.iFfnDown++;
  } else if (category === 'attn_output') {
    type = attnOutputType(type, ftype, model);
  } else if ((category === 'ffn_gate' || category === 'ffn_up') && ftype === F.IQ3_XS) {
    const layer = ffnLayer();
    if (layer >= s.nFfn / 8 && layer < (7 * s.nFfn) / 8) type = T.IQ3_XXS;
  }
  return type;
}

function attnVType(type: number, ftype: number, model: MixModel, s: MixState): number {
  let next = type;
  if (ftype === F.Q2_K) next = model.gqa >= 4 ? T.Q4_K : T.Q3_K;
  else if (ftype === F.Q2_K_S && model.gqa >= 4) next = T.Q4_K;
  // Without an importance matrix (the estimate assumes none) IQ3_XXS keeps V at IQ3_S.
  else if (ftype === F.IQ3_XXS) next = model.gqa >= 4 ? T.Q4_K : T.IQ3_S;
  else if ((ftype === F.IQ3_XS || ftype === F.IQ3_S) && model.gqa >= 4) next = T.Q4_K;
  else if (ftype === F.IQ3_M) next = T.Q4_K;
  else if (ftype === F.Q3_K_M) next = s.iAttnV < 2 ? T.Q5_K : T.Q4_K;
  else if (ftype === F.Q3_K_L) next = T.Q5_K;
  else if ((ftype === F.IQ4_NL || ftype === F.IQ4_XS) && model.gqa >= 4) next = T.Q5_K;
  else if ((ftype === F.Q4_K_M || ftype === F.Q5_K_M) && useMoreBits(s.iAttnV, s.nAttnV)) next = T.Q6_K;
  else if (ftype === F.Q4_K_S && s.iAttnV < 4) next = T.Q5_K;
  if (model.experts === 8) next = T.Q8_0;
  return next;
}

function ffnDownType(type: number, ftype: number, model: MixModel, layer: number, layers: number): number {
  const falcon = model.architecture === 'falcon';
  if (ftype === F.Q2_K) return T.Q3_K;
  if (ftype === F.Q2_K_S) return layer < layers / 8 ? T.Q4_K : type;
  if (ftype === F.IQ3_XXS) return layer < layers / 8 ? T.Q4_K : T.Q3_K;
  if (ftype === F.Q3_K_M) return layer < layers / 16 ? T.Q5_K : !falcon || useMoreBits(layer, layers) ? T.Q4_K : T.Q3_K;
  if (ftype === F.IQ3_M && (layer < layers / 8 || (model.experts === 8 && useMoreBits(layer, layers)))) return T.Q4_K;
  if (ftype === F.Q3_K_L) return falcon ? T.Q4_K : T.Q5_K;
  if (ftype === F.Q4_K_M) {
    if (falcon) return layer < layers / 16 ? T.Q6_K : useMoreBits(layer, layers) ? T.Q5_K : T.Q4_K;
    return useMoreBits(layer, layers) ? T.Q6_K : type;
  }
  if (layer < layers / 8 && (ftype === F.IQ4_NL || ftype === F.IQ4_XS)) return T.Q5_K;
  if (ftype === F.Q5_K_M && useMoreBits(layer, layers)) return T.Q6_K;
  if (ftype === F.Q4_K_S && !falcon && layer < layers / 8) return T.Q5_K;
  return type;
}

function attnOutputType(type: number, ftype: number, model: MixModel): number {
  if (model.architecture === 'falcon') return ftype === F.Q3_K_L ? T.Q4_K : type;
  if (model.experts === 8) {
    const bumped = [
      F.Q2_K,
      F.IQ3_XS,
      F.IQ3_XXS,
      F.Q3_K_S,
      F.Q3_K_M,
      F.IQ4_NL,
      F.Q4_K_S,
      F.Q4_K_M,
      F.IQ3_S,
      F.IQ3_M,
      F.IQ4_XS,
    ] as number[];
    return bumped.includes(ftype) ? T.Q5_K : type;
  }
  if (ftype === F.Q2_K) return T.Q3_K;
  if (ftype === F.IQ3_XXS) return T.IQ3_S;
  if (ftype === F.Q3_K_M || ftype === F.IQ3_M) return T.Q4_K;
  if (ftype === F.Q3_K_L) return T.Q5_K;
  return type;
}

/**
 * tensor_type_fallback: rows that do not fill the type's blocks get a type with smaller blocks, F16 as the last resort.
 */
function fallbackType(tensor: TensorShape, type: number): number {
  const columns = tensor.dims[0] ?? 0;
  const block = GGML_TYPES[type]?.blockSize ?? 1;
  if (columns % block === 0) return type;
  const smaller: Readonly<Record<number, number>> = {
    [T.IQ1_S]: T.IQ4_NL,
    [T.IQ1_M]: T.IQ4_NL,
    [T.IQ2_XXS]: T.IQ4_NL,
    [T.IQ2_XS]: T.IQ4_NL,
    [T.IQ2_S]: T.IQ4_NL,
    [T.IQ3_XXS]: T.IQ4_NL,
    [T.IQ3_S]: T.IQ4_NL,
    [T.IQ4_XS]: T.IQ4_NL,
    [T.Q2_0]: T.Q4_0,
    [T.Q2_K]: T.Q4_0,
    [T.Q3_K]: T.Q4_0,
    [T.TQ1_0]: T.Q4_0,
    [T.TQ2_0]: T.Q4_0,
    [T.Q4_K]: T.Q5_0,
    [T.Q5_K]: T.Q5_1,
    [T.Q6_K]: T.Q8_0,
  };
  const next = smaller[type] ?? type;
  return columns % (GGML_TYPES[next]?.blockSize ?? 1) === 0 ? next : T.F16;
}
