import { describe, expect, it } from 'vitest';
import {
  checkModelFileName,
  fileTypeName,
  isProjectorName,
  quantizationFromName,
  splitPartName,
  splitPartOf,
} from './gguf-file-names';
import { pairProjectors } from './projector-pairing';

describe('gguf file names', () => {
  it('names llama.cpp file types and reads the quantization from names', () => {
    expect(fileTypeName(15)).toBe('Q4_K_M');
    expect(fileTypeName(1)).toBe('F16');
    expect(fileTypeName(4)).toBeNull();
    expect(quantizationFromName('Qwen2.5-1.5B-Instruct-Q4_K_M.gguf')).toBe('Q4_K_M');
    expect(quantizationFromName('model.iq3_xxs.gguf')).toBe('IQ3_XXS');
    expect(quantizationFromName('mmproj-model-f16.gguf')).toBe('F16');
    expect(quantizationFromName('big-Q8_0-00001-of-00003.gguf')).toBe('Q8_0');
    expect(quantizationFromName('Qwen2.5-1.5B.gguf')).toBe('');
  });

  it('recognises projectors and split parts', () => {
    expect(isProjectorName('mmproj-gemma-3-4b-f16.gguf')).toBe(true);
    expect(isProjectorName('gemma-mmproj.gguf')).toBe(true);
    expect(isProjectorName('mmprojection.gguf')).toBe(false);
    expect(splitPartOf('big-Q8_0-00002-of-00003.gguf')).toEqual({ stem: 'big-Q8_0', part: 2, of: 3 });
    expect(splitPartOf('big-00004-of-00003.gguf')).toBeNull();
    expect(splitPartName('big-Q8_0-00001-of-00003.gguf', 3, 3)).toBe('big-Q8_0-00003-of-00003.gguf');
  });

  it('accepts only plain .gguf file names', () => {
    expect(checkModelFileName('model-Q4_K_M.gguf').ok).toBe(true);
    for (const bad of ['model.bin', '../x.gguf', 'a/b.gguf', 'a\\b.gguf', '.hidden.gguf', 'con:.gguf', 'x.gguf.part'])
      expect(checkModelFileName(bad).ok, bad).toBe(false);
  });

  it('pairs the projector whose name is closest to the model in the same folder', () => {
    const file = (dir: string, fileName: string, isProjector = false) => ({
      path: `${dir}/${fileName}`,
      dir,
      fileName,
      isProjector,
      usable: true,
    });
    const pairs = pairProjectors([
      file('/a', 'gemma-3-4b-Q4_K_M.gguf'),
      file('/a', 'qwen2-vl-Q4_K_M.gguf'),
      file('/a', 'mmproj-gemma-3-4b-f16.gguf', true),
      file('/a', 'mmproj-qwen2-vl-f16.gguf', true),
      file('/b', 'lonely-Q8_0.gguf'),
    ]);
    expect(pairs.get('/a/gemma-3-4b-Q4_K_M.gguf')).toBe('/a/mmproj-gemma-3-4b-f16.gguf');
    expect(pairs.get('/a/qwen2-vl-Q4_K_M.gguf')).toBe('/a/mmproj-qwen2-vl-f16.gguf');
    expect(pairs.has('/b/lonely-Q8_0.gguf')).toBe(false);
    expect(pairs.has('/a/mmproj-gemma-3-4b-f16.gguf')).toBe(false);
  });
});
