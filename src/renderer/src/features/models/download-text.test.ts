import { describe, expect, it } from 'vitest';
import { etaText, fileNameOf, percentOf, speedText } from './download-text';
import { folderOf, pickPatch } from './pick-patch';

describe('download text', () => {
  it('percent is whole, capped, and 0 for an unknown size', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 4)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
  it('speed and time left are empty until measured', () => {
    expect(speedText(0)).toBe('');
    expect(speedText(12.5 * 1024 * 1024)).toBe('13 MiB/s');
    expect(speedText(2.5 * 1024 ** 3)).toBe('2.5 GiB/s');
    expect(etaText(null)).toBe('');
    expect(etaText(65)).toBe('1:05');
  });
  it('file and folder names', () => {
    expect(fileNameOf('sub/x.gguf')).toBe('x.gguf');
    expect(folderOf('C:\\models\\x.gguf')).toBe('C:\\models');
    expect(folderOf('x.gguf')).toBe('');
  });
  it("a pick takes the library's projector, and clears a stale one", () => {
    const listing = {
      folders: [],
      downloadFolder: '/m',
      models: [{ path: '/m/a.gguf', mmprojPath: '/m/mmproj.gguf' }],
    } as never;
    expect(pickPatch('/m/a.gguf', listing)).toEqual({ modelPath: '/m/a.gguf', mmprojPath: '/m/mmproj.gguf' });
    expect(pickPatch('/elsewhere/b.gguf', listing)).toEqual({ modelPath: '/elsewhere/b.gguf', mmprojPath: '' });
  });
});
