import { describe, expect, it } from 'vitest';
import { encodePng } from './png-encode';
import { decodePng, pixelAt } from '@test-support/screen/decode-png';

describe('encodePng', () => {
  it('round-trips through an independent decoder, every pixel', () => {
    const width = 37;
    const height = 23;
    // Gradients, noise-like values and flat runs exercise all three row filters.
    const rgb = Uint8Array.from({ length: width * height * 3 }, (_, i) => {
      const x = Math.floor(i / 3) % width;
      const y = Math.floor(i / 3 / width);
      return i % 3 === 0 ? (x * 7) & 0xff : i % 3 === 1 ? (y < 10 ? 42 : (x * y * 31) & 0xff) : (x ^ y) * 5;
    });
    const png = decodePng(encodePng(rgb, width, height));
    expect([png.width, png.height]).toEqual([width, height]);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        expect(pixelAt(png, x, y)).toEqual([rgb[i], rgb[i + 1], rgb[i + 2]]);
      }
    }
  });

  it('compresses a flat screen to a small file', () => {
    const rgb = new Uint8Array(1920 * 1080 * 3).fill(128);
    expect(encodePng(rgb, 1920, 1080).length).toBeLessThan(20_000);
  });

  it('refuses sizes that do not match the pixels', () => {
    expect(() => encodePng(new Uint8Array(12), 2, 3)).toThrow(/expected 18 bytes/);
    expect(() => encodePng(new Uint8Array(0), 0, 0)).toThrow(/bad PNG size/);
  });
});
