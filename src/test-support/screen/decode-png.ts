// Decode PNGs in tests with pngjs (it comes with nut-js's jimp), so our encoder
// is checked by a decoder we did not write.
import { createRequire } from 'node:module';

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel */
  data: Buffer;
}

const { PNG } = createRequire(import.meta.url)('pngjs') as { PNG: { sync: { read(buffer: Buffer): DecodedPng } } };

export function decodePng(bytes: Buffer): DecodedPng {
  return PNG.sync.read(bytes);
}

export function pixelAt(png: DecodedPng, x: number, y: number): [number, number, number] {
  const i = (y * png.width + x) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
}
