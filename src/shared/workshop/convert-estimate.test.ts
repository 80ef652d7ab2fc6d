import { describe, expect, it } from 'vitest';
import { estimateConvertedBytes } from './convert-estimate';

describe('estimateConvertedBytes', () => {
  it('counts the parameters at the type’s bits, else half the weights’ bytes, else nothing', () => {
    const weights = (parameters: number | null, bytes: number) => ({
      weights: { files: [], bytes, format: null, parameters },
    });
    expect(estimateConvertedBytes(weights(1_000_000_000, 0), 'f16')).toBe(2_000_000_000);
    expect(estimateConvertedBytes(weights(null, 4_000), 'f16')).toBe(4_000);
    expect(estimateConvertedBytes(weights(null, 0), 'f16')).toBeNull();
  });
});
