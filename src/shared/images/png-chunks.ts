// Reading and amending PNG files, pure and for both sides: whether a file sd-cli
// wrote is a whole PNG (it reports success even when the disk filled up halfway
// through, measured: an 8 KB file system got an 8 KB torn PNG and exit 0), and
// a UTF-8 text chunk (iTXt) carrying EVA's generation parameters, so the
// parameters travel with the picture wherever it goes: the gallery, a tool's
// step card, a saved-as file.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type PngCheck = { ok: true; width: number; height: number } | { ok: false; why: string };

/** Signature, then chunks with intact lengths and CRCs, IHDR first and IEND last with nothing after it. */
export function checkPng(bytes: Uint8Array): PngCheck {
  if (bytes.length < SIGNATURE.length || SIGNATURE.some((byte, i) => bytes[i] !== byte))
    return { ok: false, why: 'not a PNG (no signature)' };
  let at = SIGNATURE.length;
  let width = 0;
  let height = 0;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const type = chunkType(bytes, at + 4);
    const end = at + 12 + length;
    if (end > bytes.length) return { ok: false, why: `cut off inside the ${type} chunk` };
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== u32(bytes, at + 8 + length))
      return { ok: false, why: `the ${type} chunk is damaged (CRC)` };
    if (first) {
      if (type !== 'IHDR') return { ok: false, why: 'the first chunk is not IHDR' };
      width = u32(bytes, at + 8);
      height = u32(bytes, at + 12);
      first = false;
    }
    if (type === 'IEND')
      return end === bytes.length ? { ok: true, width, height } : { ok: false, why: 'bytes after IEND' };
    at = end;
  }
  return { ok: false, why: 'cut off before IEND' };
}

/** The PNG with an iTXt chunk (`keyword`, UTF-8 `text`) before IEND, replacing one with the same keyword. */
export function withTextChunk(bytes: Uint8Array, keyword: string, text: string): Uint8Array {
  const chunks = listChunks(bytes).filter(
    (chunk) => !(chunk.type === 'iTXt' && textOf(bytes, chunk)?.keyword === keyword),
  );
  const encoder = new TextEncoder();
  // keyword, NUL, compression flag 0, method 0, empty language tag + NUL, empty translated keyword + NUL, text.
  const data = concat([encoder.encode(keyword), Uint8Array.of(0, 0, 0, 0, 0), encoder.encode(text)]);
  const parts: Uint8Array[] = [bytes.subarray(0, SIGNATURE.length)];
  for (const chunk of chunks) {
    if (chunk.type === 'IEND') parts.push(makeChunk('iTXt', data));
    parts.push(bytes.subarray(chunk.start, chunk.end));
  }
  return concat(parts);
}

/** The text of the first tEXt or uncompressed iTXt chunk named `keyword`, or null. */
export function readTextChunk(bytes: Uint8Array, keyword: string): string | null {
  if (bytes.length < SIGNATURE.length || SIGNATURE.some((byte, i) => bytes[i] !== byte)) return null;
  for (const chunk of listChunks(bytes)) {
    if (chunk.type !== 'iTXt' && chunk.type !== 'tEXt') continue;
    const found = textOf(bytes, chunk);
    if (found?.keyword === keyword) return found.text;
  }
  return null;
}

interface Chunk {
  type: string;
  start: number;
  dataStart: number;
  dataEnd: number;
  end: number;
}

function listChunks(bytes: Uint8Array): Chunk[] {
  const out: Chunk[] = [];
  let at = SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = u32(bytes, at);
    const end = at + 12 + length;
    if (end > bytes.length) break;
    out.push({ type: chunkType(bytes, at + 4), start: at, dataStart: at + 8, dataEnd: at + 8 + length, end });
    at = end;
  }
  return out;
}

function textOf(bytes: Uint8Array, chunk: Chunk): { keyword: string; text: string } | null {
  const data = bytes.subarray(chunk.dataStart, chunk.dataEnd);
  const nul = data.indexOf(0);
  if (nul < 0) return null;
  const keyword = new TextDecoder('latin1').decode(data.subarray(0, nul));
  if (chunk.type === 'tEXt') return { keyword, text: new TextDecoder('latin1').decode(data.subarray(nul + 1)) };
  if (data[nul + 1] !== 0) return null; // compressed iTXt: not ours
  let at = nul + 3;
  at = data.indexOf(0, at) + 1; // language tag
  if (at === 0) return null;
  at = data.indexOf(0, at) + 1; // translated keyword
  if (at === 0) return null;
  return { keyword, text: new TextDecoder('utf-8', { fatal: false }).decode(data.subarray(at)) };
}

/** One PNG chunk: length, type, data, CRC. */
export function makeChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

function chunkType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

let table: Uint32Array | null = null;

export function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
