import { describe, expect, it } from 'vitest';
import { suggestOutputPath } from './output-path';

describe('suggestOutputPath', () => {
  it('puts the new type where the old one was, beside the source', () => {
    expect(suggestOutputPath('/m/qwen2.5-7b-instruct-F16.gguf', 'Q4_K_M')).toBe('/m/qwen2.5-7b-instruct-Q4_K_M.gguf');
    expect(suggestOutputPath('/m/Llama-3-8B.Q8_0.gguf', 'Q4_0')).toBe('/m/Llama-3-8B.Q4_0.gguf');
    expect(suggestOutputPath('/m/model-q4_k_m-v2.gguf', 'Q8_0')).toBe('/m/model-Q8_0-v2.gguf');
    expect(suggestOutputPath('/m/model-bf16.gguf', 'Q6_K')).toBe('/m/model-Q6_K.gguf');
  });

  it('appends the type to a name that carries none', () => {
    expect(suggestOutputPath('/m/tiny-llama.gguf', 'Q8_0')).toBe('/m/tiny-llama-Q8_0.gguf');
    expect(suggestOutputPath('/m/F16model.gguf', 'Q8_0')).toBe('/m/F16model-Q8_0.gguf');
  });

  it('never suggests the source itself', () => {
    expect(suggestOutputPath('/m/x-Q4_0.gguf', 'Q4_0')).toBe('/m/x-Q4_0-requant.gguf');
  });
});
