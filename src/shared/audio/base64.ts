// Base64 for audio bytes crossing the contract: both hosts carry JSON, where
// base64 costs a third more bytes but no escaping. Written out (not btoa/Buffer)
// because shared code runs in the renderer and in main alike; main decodes with
// Buffer after the contract's schema has checked the alphabet.
const ALPHABET = new TextEncoder().encode('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
const PAD = 61; // '='

/** Standard base64 (with padding) of `bytes`. */
export function bytesToBase64(bytes: Uint8Array): string {
  // Characters go into a byte array decoded once at the end: building the string piece by piece
  // cost ~7 ms for a 5-second recording, a noticeable share of a tiny model's transcription.
  const out = new Uint8Array(4 * Math.ceil(bytes.length / 3));
  const code = (index: number) => ALPHABET[index] ?? PAD;
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out[o++] = code(n >> 18);
    out[o++] = code((n >> 12) & 63);
    out[o++] = code((n >> 6) & 63);
    out[o++] = code(n & 63);
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = ((bytes[i] ?? 0) << 16) | (rest === 2 ? (bytes[i + 1] ?? 0) << 8 : 0);
    out[o++] = code(n >> 18);
    out[o++] = code((n >> 12) & 63);
    out[o++] = rest === 2 ? code((n >> 6) & 63) : PAD;
    out[o++] = PAD;
  }
  // All ASCII, so UTF-8 decoding is exact.
  return new TextDecoder().decode(out);
}
