// For the image tests: a structurally whole PNG built without Node
// (shared tests compile for the browser too). The pixel data is not real
// deflate: checkPng reads chunks and CRCs, never pixels.
import { makeChunk as chunk } from '@shared/images/png-chunks';

export function testPng(width: number, height: number, pixelBytes = 64): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const pixels = new Uint8Array(pixelBytes).map((_, i) => (i * 7) & 255);
  return join([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', new Uint8Array()),
  ]);
}

export function latin1(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
}

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
