// Bytes that claim to be text: UTF-8 (with or without a BOM) or UTF-16 with a
// BOM; a NUL byte in the first 8 KiB without a UTF-16 BOM means a binary file.
import { ExtractFailure } from './extract-failure';

const SNIFF_BYTES = 8192;

export function decodeText(bytes: Uint8Array, path: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.subarray(0, SNIFF_BYTES).includes(0))
    throw new ExtractFailure('binary_file', `${path} looks binary (it has NUL bytes)`);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Not UTF-8 but no NUL either: a legacy single-byte encoding. Latin-1 keeps every byte readable.
    return new TextDecoder('latin1').decode(bytes);
  }
}
