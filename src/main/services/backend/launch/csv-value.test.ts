import { describe, expect, it } from 'vitest';
import { csvValue } from './csv-value';

describe('csvValue', () => {
  it('leaves plain values alone and quotes commas and leading quotes', () => {
    expect(csvValue('/a/b.gguf')).toBe('/a/b.gguf');
    expect(csvValue('/a/"b".gguf')).toBe('/a/"b".gguf');
    expect(csvValue('a,b')).toBe('"a,b"');
    expect(csvValue('"x')).toBe('"""x"');
    expect(csvValue('a,"b"')).toBe('"a,""b"""');
  });
});
