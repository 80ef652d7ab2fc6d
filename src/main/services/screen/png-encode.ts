// A PNG encoder for opaque 8-bit RGB, the only kind a screenshot needs: IHDR,
// one zlib IDAT, IEND. Each row gets the filter (None, Sub, Up) that leaves the
// smallest residue, which is what makes flat UI areas compress well.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function filterRows(rgb: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 3;
  const out = Buffer.alloc((stride + 1) * height);
  const candidate = [Buffer.alloc(stride), Buffer.alloc(stride), Buffer.alloc(stride)];
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    let best = 0;
    let bestCost = Infinity;
    for (let filter = 0; filter < 3; filter++) {
      const line = candidate[filter]!;
      let cost = 0;
      for (let x = 0; x < stride; x++) {
        const value = rgb[row + x]!;
        const left = x >= 3 ? rgb[row + x - 3]! : 0;
        const up = y > 0 ? rgb[row - stride + x]! : 0;
        const residue = (value - (filter === 1 ? left : filter === 2 ? up : 0)) & 0xff;
        line[x] = residue;
        cost += residue < 128 ? residue : 256 - residue;
      }
      if (cost < bestCost) {
        bestCost = cost;
        best = filter;
      }
    }
    const at = y * (stride + 1);
    out[at] = best;
    candidate[best]!.copy(out, at + 1);
  }
  return out;
}

/** PNG bytes of packed 8-bit RGB. */
export function encodePng(rgb: Uint8Array, width: number, height: number): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError(`bad PNG size ${width}×${height}`);
  if (rgb.length !== width * height * 3)
    throw new RangeError(`expected ${width * height * 3} bytes of RGB for ${width}×${height}, got ${rgb.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: truecolour, no alpha
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filterRows(rgb, width, height), { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
