// What llama-quantize makes of a tensor's name: whether it is quantized at all (tensor_allows_quantization) and
// which rule category it falls in (src/llama-quant.cpp). Pure.

export type Category =
  | 'output'
  | 'token_embd'
  | 'attn_qkv'
  | 'attn_kv_b'
  | 'attn_v'
  | 'attn_k'
  | 'attn_q'
  | 'attn_output'
  | 'ffn_up'
  | 'ffn_gate'
  | 'ffn_down'
  | 'other';

const NOT_QUANTIZED = [
  '_norm.weight',
  'ffn_gate_inp.weight',
  'ffn_gate_tid2eid.weight',
  'altup',
  'laurel',
  'per_layer_model_proj',
  'ssm_conv1d',
  'shortconv.conv.weight',
  'indexer.k_proj.weight',
  'indexer.q_proj.weight',
  'time_mix_first.weight',
  'time_mix_w0.weight',
  'time_mix_w1.weight',
  'time_mix_w2.weight',
  'time_mix_v0.weight',
  'time_mix_v1.weight',
  'time_mix_v2.weight',
  'time_mix_a0.weight',
  'time_mix_a1.weight',
  'time_mix_a2.weight',
  'time_mix_g1.weight',
  'time_mix_g2.weight',
  'time_mix_decay_w1.weight',
  'time_mix_decay_w2.weight',
  'time_mix_lerp_fused.weight',
  'attn_rel_b.weight',
  '.position_embd',
  'sam.pos_embd',
  'sam.neck.',
  'sam.net_',
  '.rel_pos',
  '.patch_embd',
  '.patch_merger',
  'a.rvq.codebook',
  'mm.a.code_embd',
];

/** ggml_n_dims: trailing dimensions of 1 do not count. */
function nDims(dims: readonly number[]): number {
  let n = dims.length;
  while (n > 1 && dims[n - 1] === 1) n--;
  return n;
}

/** tensor_allows_quantization: norms, embeddings of positions and small side tensors stay as they are. */
export function allowsQuantization(name: string, dims: readonly number[]): boolean {
  if (nDims(dims) < 2) return false;
  if (!name.endsWith('weight')) return false;
  if (name === 'position_embd.weight' || name === 'token_types.weight') return false;
  return !NOT_QUANTIZED.some((part) => name.includes(part));
}

export function categoryOf(name: string): Category {
  if (name === 'output.weight') return 'output';
  if (name === 'token_embd.weight' || name === 'per_layer_token_embd.weight') return 'token_embd';
  const parts: Array<[string, Category]> = [
    ['attn_qkv.weight', 'attn_qkv'],
    ['attn_kv_b.weight', 'attn_kv_b'],
    ['attn_v.weight', 'attn_v'],
    ['attn_k.weight', 'attn_k'],
    ['attn_q.weight', 'attn_q'],
    ['attn_output.weight', 'attn_output'],
    ['ffn_up', 'ffn_up'],
    ['ffn_gate', 'ffn_gate'],
    ['ffn_down', 'ffn_down'],
  ];
  return parts.find(([part]) => name.includes(part))?.[1] ?? 'other';
}

export const isAttnV = (category: Category) =>
  category === 'attn_v' || category === 'attn_qkv' || category === 'attn_kv_b';
export const layerOf = (name: string): number | null => {
  const match = /^blk\.(\d+)\./.exec(name);
  return match ? Number(match[1]) : null;
};
