import { describe, expect, it } from 'vitest';
import { ggmlTensorBytes, ggmlTypeName } from './ggml-types';

describe('ggml types', () => {
  it('name the types and size whole blocks as llama.cpp lays them out', () => {
    expect([0, 1, 8, 12, 14, 30, 39].map(ggmlTypeName)).toEqual([
      'F32',
      'F16',
      'Q8_0',
      'Q4_K',
      'Q6_K',
      'BF16',
      'MXFP4',
    ]);
    expect(ggmlTypeName(4)).toBe('type 4');
    // 4096 × 4096 weights: F16 2 bytes each, Q8_0 34 bytes a 32, Q4_K 144 bytes a 256 (4.5 bits), Q6_K 210 a 256.
    const n = 4096 * 4096;
    expect(ggmlTensorBytes(1, n)).toBe(n * 2);
    expect(ggmlTensorBytes(8, n)).toBe((n / 32) * 34);
    expect(ggmlTensorBytes(12, n)).toBe((n / 256) * 144);
    expect(ggmlTensorBytes(14, n)).toBe((n / 256) * 210);
    expect((ggmlTensorBytes(23, n)! * 8) / n).toBe(4.25);
  });

  it('give no size for an unknown type or a count that is not whole blocks', () => {
    expect(ggmlTensorBytes(4, 1024)).toBeNull();
    expect(ggmlTensorBytes(12, 100)).toBeNull();
  });
});
