// A safetensors file's header, read without the tensor data: an 8-byte
// little-endian length, then that many bytes of JSON naming each tensor's
// dtype, shape and byte range in the data that follows. Enough to count the
// parameters (the size estimate) and to see that a file is whole (a partial
// download ends before its last tensor), before the script mmaps it and fails
// with "mmap length is greater than file size". Pure.

/** What a header says, or why the file cannot be one. */
export type SafetensorsFacts =
  | { ok: true; parameters: number; tensors: number; dataBytes: number }
  | { ok: false; problem: 'truncated' | 'invalid'; message: string };

/** Headers above this are not real (the largest models' are a few MB). */
export const MAX_HEADER_BYTES = 100 * 1024 * 1024;

/** The header's length from the file's first 8 bytes, or null when it cannot be one. */
export function headerLength(first8: Uint8Array): number | null {
  if (first8.length < 8) return null;
  const length = new DataView(first8.buffer, first8.byteOffset, 8).getBigUint64(0, true);
  return length > 0n && length <= BigInt(MAX_HEADER_BYTES) ? Number(length) : null;
}

/** Judges a header against the file's size: every tensor's bytes must lie inside the file. */
export function judgeSafetensors(headerJson: string, headerBytes: number, fileSize: number): SafetensorsFacts {
  let header: unknown;
  try {
    header = JSON.parse(headerJson);
  } catch {
    return fileSize < 8 + headerBytes
      ? cut(`the header needs ${8 + headerBytes} bytes, the file has ${fileSize}`)
      : { ok: false, problem: 'invalid', message: 'its header is not JSON' };
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header))
    return { ok: false, problem: 'invalid', message: 'its header is not a JSON object' };
  let parameters = 0;
  let tensors = 0;
  let dataBytes = 0;
  for (const [name, entry] of Object.entries(header as Record<string, unknown>)) {
    if (name === '__metadata__') continue;
    const info = entry as { shape?: unknown; data_offsets?: unknown };
    const shape = info.shape;
    const offsets = info.data_offsets;
    if (
      !Array.isArray(shape) ||
      !shape.every((n) => Number.isInteger(n) && n >= 0) ||
      !Array.isArray(offsets) ||
      offsets.length !== 2 ||
      !offsets.every((n) => Number.isInteger(n) && n >= 0)
    ) {
      return { ok: false, problem: 'invalid', message: `tensor ${name} has no valid shape and data offsets` };
    }
    parameters += (shape as number[]).reduce((a, b) => a * b, 1);
    tensors++;
    dataBytes = Math.max(dataBytes, offsets[1] as number);
  }
  const needed = 8 + headerBytes + dataBytes;
  if (needed > fileSize) return cut(`its tensors need ${needed} bytes, the file has ${fileSize}`);
  return { ok: true, parameters, tensors, dataBytes };
}

function cut(message: string): SafetensorsFacts {
  return { ok: false, problem: 'truncated', message };
}
