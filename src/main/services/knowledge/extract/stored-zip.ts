// A zip of stored (uncompressed) entries: how the checked parts of a DOCX reach
// mammoth, which opens only zips. Nothing in it is compressed, so its reader has
// nothing to inflate beyond what was already inflated within the caps. Pure.
import { crc32 } from 'node:zlib';

const LOCAL_SIZE = 30;
const CENTRAL_SIZE = 46;
const EOCD_SIZE = 22;
const UTF8_FLAG = 0x800;

export function writeStoredZip(parts: ReadonlyMap<string, Uint8Array>): Buffer {
  const encoded = [...parts].map(([name, data]) => ({ name: Buffer.from(name, 'utf8'), data, crc: crc32(data) }));
  const localBytes = encoded.reduce((sum, part) => sum + LOCAL_SIZE + part.name.length + part.data.length, 0);
  const centralBytes = encoded.reduce((sum, part) => sum + CENTRAL_SIZE + part.name.length, 0);
  const out = Buffer.alloc(localBytes + centralBytes + EOCD_SIZE);
  let at = 0;
  const offsets: number[] = [];
  for (const part of encoded) {
    offsets.push(at);
    out.writeUInt32LE(0x04034b50, at);
    out.writeUInt16LE(10, at + 4);
    out.writeUInt16LE(UTF8_FLAG, at + 6);
    out.writeUInt32LE(part.crc, at + 14);
    out.writeUInt32LE(part.data.length, at + 18);
    out.writeUInt32LE(part.data.length, at + 22);
    out.writeUInt16LE(part.name.length, at + 26);
    part.name.copy(out, at + LOCAL_SIZE);
    out.set(part.data, at + LOCAL_SIZE + part.name.length);
    at += LOCAL_SIZE + part.name.length + part.data.length;
  }
  const central = at;
  encoded.forEach((part, i) => {
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(20, at + 4);
    out.writeUInt16LE(10, at + 6);
    out.writeUInt16LE(UTF8_FLAG, at + 8);
    out.writeUInt32LE(part.crc, at + 16);
    out.writeUInt32LE(part.data.length, at + 20);
    out.writeUInt32LE(part.data.length, at + 24);
    out.writeUInt16LE(part.name.length, at + 28);
    out.writeUInt32LE(offsets[i]!, at + 42);
    part.name.copy(out, at + CENTRAL_SIZE);
    at += CENTRAL_SIZE + part.name.length;
  });
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(encoded.length, at + 8);
  out.writeUInt16LE(encoded.length, at + 10);
  out.writeUInt32LE(at - central, at + 12);
  out.writeUInt32LE(central, at + 16);
  return out;
}
