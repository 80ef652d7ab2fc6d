// Pixel work for screenshots, in plain TypeScript so it runs in the capture
// worker and in tests alike: nut-js's raw grab → packed RGB → downscaled RGB.

/** A raw screen grab: rows of `byteWidth` bytes, `channels` bytes per pixel, blue first unless `order` says RGB. */
export interface RawImage {
  width: number;
  height: number;
  data: Uint8Array;
  channels: number;
  byteWidth: number;
  order: 'bgr' | 'rgb';
}

/** Tightly packed 8-bit RGB (alpha dropped: a screen is opaque). */
export function toRgb(image: RawImage): Uint8Array {
  const { width, height, data, channels, byteWidth } = image;
  if (channels < 3) throw new RangeError(`a screen grab needs at least 3 channels, got ${channels}`);
  if (byteWidth < width * channels || data.length < byteWidth * (height - 1) + width * channels) {
    throw new RangeError(
      `the grab's buffer (${data.length} bytes, ${byteWidth} per row) is too small for ${width}×${height}×${channels}`,
    );
  }
  const out = new Uint8Array(width * height * 3);
  const [r, b] = image.order === 'bgr' ? [2, 0] : [0, 2];
  let o = 0;
  for (let y = 0; y < height; y++) {
    let i = y * byteWidth;
    for (let x = 0; x < width; x++, i += channels) {
      out[o++] = data[i + r]!;
      out[o++] = data[i + 1]!;
      out[o++] = data[i + b]!;
    }
  }
  return out;
}

/** For each target index along one axis: the source indices it covers and their weights (summing to 1). */
function coverage(source: number, target: number): { index: Int32Array; weight: Float32Array; start: Int32Array } {
  const scale = source / target;
  const index: number[] = [];
  const weight: number[] = [];
  const start = new Int32Array(target + 1);
  for (let t = 0; t < target; t++) {
    start[t] = index.length;
    const from = t * scale;
    const to = from + scale;
    for (let s = Math.floor(from); s < Math.min(source, Math.ceil(to)); s++) {
      const covered = Math.min(to, s + 1) - Math.max(from, s);
      if (covered > 1e-9) {
        index.push(s);
        weight.push(covered / scale);
      }
    }
  }
  start[target] = index.length;
  return { index: Int32Array.from(index), weight: Float32Array.from(weight), start };
}

/**
 * Shrink packed RGB by area averaging: every target pixel is the mean of the
 * source area it covers, so text and thin lines fade evenly instead of
 * flickering in and out as with nearest-neighbour. Separable: rows, then columns.
 */
export function downscaleRgb(
  source: Uint8Array,
  width: number,
  height: number,
  targetWidth: number,
  targetHeight: number,
): Uint8Array {
  if (targetWidth > width || targetHeight > height)
    throw new RangeError(`downscaleRgb only shrinks (${width}×${height} → ${targetWidth}×${targetHeight})`);
  if (source.length !== width * height * 3)
    throw new RangeError(`expected ${width * height * 3} bytes of RGB, got ${source.length}`);
  if (targetWidth === width && targetHeight === height) return source;
  const cols = coverage(width, targetWidth);
  const rows = coverage(height, targetHeight);
  const horizontal = new Float32Array(targetWidth * height * 3);
  for (let y = 0; y < height; y++) {
    const row = y * width * 3;
    const outRow = y * targetWidth * 3;
    for (let t = 0; t < targetWidth; t++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = cols.start[t]!; k < cols.start[t + 1]!; k++) {
        const i = row + cols.index[k]! * 3;
        const w = cols.weight[k]!;
        r += source[i]! * w;
        g += source[i + 1]! * w;
        b += source[i + 2]! * w;
      }
      const o = outRow + t * 3;
      horizontal[o] = r;
      horizontal[o + 1] = g;
      horizontal[o + 2] = b;
    }
  }
  const out = new Uint8Array(targetWidth * targetHeight * 3);
  const stride = targetWidth * 3;
  const sum = new Float32Array(stride);
  for (let t = 0; t < targetHeight; t++) {
    sum.fill(0);
    for (let k = rows.start[t]!; k < rows.start[t + 1]!; k++) {
      const inRow = rows.index[k]! * stride;
      const w = rows.weight[k]!;
      for (let x = 0; x < stride; x++) sum[x] = sum[x]! + horizontal[inRow + x]! * w;
    }
    const outRow = t * stride;
    // Uint8Array clamps; round to nearest so a flat colour keeps its exact value.
    for (let x = 0; x < stride; x++) out[outRow + x] = Math.round(sum[x]!);
  }
  return out;
}
