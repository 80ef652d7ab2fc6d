import { describe, expect, it } from 'vitest';
import { readGgufHeader } from '@main/services/backend/gguf/gguf-reader';
import { testAssets } from '@test-support/test-assets';
import { QUANT_TYPES } from '@shared/workshop/quant-types';
import { estimateQuantizedBytes } from './estimate-size';
import type { TensorShape } from './quant-mix';

const MiB = 1024 * 1024;

/**
 * The tensors of the bench's `slow` test model (16 layers, 1024 wide, 4 KV heads of 16, ff 2816, vocab 32000), header
 * only.
 */
function slowShapeTensors(): TensorShape[] {
  const f16 = 1;
  const f32 = 0;
  const tensors: TensorShape[] = [
    { name: 'token_embd.weight', dims: [1024, 32000], type: f16 },
    { name: 'output_norm.weight', dims: [1024], type: f32 },
    { name: 'output.weight', dims: [1024, 32000], type: f16 },
  ];
  for (let layer = 0; layer < 16; layer++) {
    const blk = `blk.${layer}`;
    tensors.push(
      { name: `${blk}.attn_norm.weight`, dims: [1024], type: f32 },
      { name: `${blk}.attn_q.weight`, dims: [1024, 1024], type: f16 },
      { name: `${blk}.attn_k.weight`, dims: [1024, 256], type: f16 },
      { name: `${blk}.attn_v.weight`, dims: [1024, 256], type: f16 },
      { name: `${blk}.attn_output.weight`, dims: [1024, 1024], type: f16 },
      { name: `${blk}.ffn_norm.weight`, dims: [1024], type: f32 },
      { name: `${blk}.ffn_gate.weight`, dims: [1024, 2816], type: f16 },
      { name: `${blk}.ffn_up.weight`, dims: [1024, 2816], type: f16 },
      { name: `${blk}.ffn_down.weight`, dims: [2816, 1024], type: f16 },
    );
  }
  return tensors;
}

const slowMetadata = new Map<string, string | number>([
  ['general.architecture', 'llama'],
  ['llama.block_count', 16],
  ['llama.attention.head_count', 16],
  ['llama.attention.head_count_kv', 4],
]);

// What `llama-quantize --dry-run slow-llama.gguf TYPE` printed as "quant size" (MiB, tensor data only), llama.cpp
// de3ff815.
const SLOW_DRY_RUN_MIB: Record<string, number> = {
  F16: 469.13,
  BF16: 469.13,
  Q8_0: 249.29,
  Q6_K: 192.49,
  Q5_K_M: 168.69,
  Q5_K_S: 165.5,
  Q5_0: 165.5,
  Q4_K_M: 146.28,
  Q4_K_S: 140.9,
  Q4_0: 140.09,
  IQ4_NL: 141.28,
  IQ4_XS: 135.22,
  Q3_K_L: 129.6,
  Q3_K_M: 122.0,
  Q3_K_S: 113.1,
  IQ3_M: 116.48,
  IQ3_XXS: 103.9,
  Q2_K: 99.49,
  IQ2_M: 93.46,
  IQ2_XS: 82.89,
  IQ2_XXS: 77.82,
  IQ1_M: 72.09,
  IQ1_S: 68.66,
};
// The same for the tiny test model (64 wide: most K-quant tensors fall back to 32-blocks).
const TINY_DRY_RUN_MIB: Record<string, number> = {
  F16: 7.97,
  Q8_0: 4.23,
  Q6_K: 4.23,
  Q5_K_M: 3.6,
  Q5_0: 3.47,
  Q4_K_M: 3.48,
  Q4_K_S: 3.47,
  Q4_0: 3.22,
  IQ4_XS: 3.22,
  Q3_K_M: 3.22,
  Q2_K: 3.22,
  IQ1_S: 3.22,
};

describe('estimateQuantizedBytes', () => {
  it('matches llama-quantize --dry-run for every offered type of a 1024-wide llama (the K-quant mixes included)', () => {
    const header = { metadata: slowMetadata, tensors: slowShapeTensors(), dataOffset: 0 };
    for (const type of QUANT_TYPES) {
      const bytes = estimateQuantizedBytes(header, type.ftype);
      expect((bytes ?? 0) / MiB, type.name).toBeCloseTo(SLOW_DRY_RUN_MIB[type.name]!, 2);
    }
  });

  it('matches it for the tiny test model read from its file, whose rows do not fill 256-blocks (the fallbacks)', async () => {
    const header = await readGgufHeader(testAssets.tinyModel, { tensors: true });
    for (const [name, mib] of Object.entries(TINY_DRY_RUN_MIB)) {
      const ftype = QUANT_TYPES.find((type) => type.name === name)!.ftype;
      const tensorBytes = estimateQuantizedBytes({ ...header, dataOffset: 0 }, ftype)!;
      expect(tensorBytes / MiB, name).toBeCloseTo(mib, 2);
      // The file adds the header, which stays as it is.
      expect(estimateQuantizedBytes(header, ftype)).toBe(tensorBytes + header.dataOffset!);
    }
  });

  it('is null for a file type it has no rule for', () => {
    expect(
      estimateQuantizedBytes({ metadata: slowMetadata, tensors: slowShapeTensors(), dataOffset: 0 }, 999),
    ).toBeNull();
  });
});
