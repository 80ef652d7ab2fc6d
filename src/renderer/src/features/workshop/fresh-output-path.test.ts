// The name a finished job's output field moves on to.
import { describe, expect, it } from 'vitest';
import { nextFreePath } from './fresh-output-path';

describe('nextFreePath', () => {
  it('numbers the written name from 2, skipping the names the folder holds', () => {
    expect(nextFreePath('/m/qwen-7b-Q4_K_M.gguf', ['qwen-7b-Q4_K_M.gguf'])).toBe('/m/qwen-7b-Q4_K_M-2.gguf');
    expect(nextFreePath('/m/qwen-7b-Q4_K_M.gguf', ['qwen-7b-Q4_K_M-2.gguf', 'QWEN-7B-Q4_K_M-3.GGUF'])).toBe(
      '/m/qwen-7b-Q4_K_M-4.gguf',
    );
  });

  it('goes on counting from a numbered name whose unnumbered one is taken, and numbers a name like llama-3 anew', () => {
    expect(nextFreePath('/m/x-Q8_0-2.gguf', ['x-Q8_0.gguf', 'x-Q8_0-2.gguf'])).toBe('/m/x-Q8_0-3.gguf');
    expect(nextFreePath('/m/llama-3.gguf', ['llama-3.gguf'])).toBe('/m/llama-3-2.gguf');
  });

  it('keeps a Windows folder and another extension, and numbers a name without one at its end', () => {
    expect(nextFreePath('C:\\models\\tiny-F16.gguf', [])).toBe('C:\\models\\tiny-F16-2.gguf');
    expect(nextFreePath('/m/out.bin', ['out.bin'])).toBe('/m/out-2.bin');
    expect(nextFreePath('/m/qwen2.5', [])).toBe('/m/qwen2.5-2');
  });
});
