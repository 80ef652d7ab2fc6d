import { describe, expect, it } from 'vitest';
import { downscaleRgb, toRgb } from './raw-pixels';

describe('toRgb', () => {
  it('reorders BGRA rows with padding into packed RGB', () => {
    // 2×2, 4 channels, rows padded to 12 bytes.
    const data = Uint8Array.from([
      1, 2, 3, 255, 4, 5, 6, 255, 99, 99, 99, 99, 7, 8, 9, 255, 10, 11, 12, 255, 99, 99, 99, 99,
    ]);
    expect([...toRgb({ width: 2, height: 2, data, channels: 4, byteWidth: 12, order: 'bgr' })]).toEqual([
      3, 2, 1, 6, 5, 4, 9, 8, 7, 12, 11, 10,
    ]);
    expect([...toRgb({ width: 2, height: 2, data, channels: 4, byteWidth: 12, order: 'rgb' })]).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });

  it('refuses a buffer too small for the stated size', () => {
    expect(() =>
      toRgb({ width: 4, height: 4, data: new Uint8Array(10), channels: 4, byteWidth: 16, order: 'bgr' }),
    ).toThrow(/too small/);
  });
});

describe('downscaleRgb', () => {
  const solid = (w: number, h: number, rgb: [number, number, number]) =>
    Uint8Array.from({ length: w * h * 3 }, (_, i) => rgb[i % 3]!);

  it('keeps a flat colour exact at any ratio', () => {
    const out = downscaleRgb(solid(2560, 10, [200, 17, 3]), 2560, 10, 1920, 7);
    expect(out.length).toBe(1920 * 7 * 3);
    expect(new Set(out.filter((_, i) => i % 3 === 0))).toEqual(new Set([200]));
    expect(new Set(out.filter((_, i) => i % 3 === 1))).toEqual(new Set([17]));
  });

  it('averages the area each target pixel covers', () => {
    // 4×1 → 2×1: (0,100) and (200,255) average per pair.
    const src = Uint8Array.from([0, 0, 0, 100, 100, 100, 200, 200, 200, 255, 255, 255]);
    expect([...downscaleRgb(src, 4, 1, 2, 1)]).toEqual([50, 50, 50, 228, 228, 228]);
    // 3×1 → 2×1: each target covers 1.5 source pixels.
    const three = Uint8Array.from([0, 0, 0, 90, 90, 90, 180, 180, 180]);
    expect([...downscaleRgb(three, 3, 1, 2, 1)]).toEqual([30, 30, 30, 150, 150, 150]);
  });

  it('keeps a sharp edge that falls on a pixel boundary', () => {
    // Left half red, right half blue, 8×2 → 4×1.
    const src = Uint8Array.from({ length: 8 * 2 * 3 }, (_, i) => {
      const x = Math.floor(i / 3) % 8;
      return i % 3 === 0 ? (x < 4 ? 255 : 0) : i % 3 === 2 ? (x < 4 ? 0 : 255) : 0;
    });
    expect([...downscaleRgb(src, 8, 2, 4, 1)]).toEqual([255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255]);
  });

  it('returns the input when the size is unchanged, and refuses to enlarge', () => {
    const src = solid(3, 3, [1, 2, 3]);
    expect(downscaleRgb(src, 3, 3, 3, 3)).toBe(src);
    expect(() => downscaleRgb(src, 3, 3, 4, 3)).toThrow(/only shrinks/);
    expect(() => downscaleRgb(src, 3, 2, 1, 1)).toThrow(/expected 18 bytes/);
  });
});
