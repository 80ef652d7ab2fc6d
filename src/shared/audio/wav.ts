// RIFF/WAVE: writing 16-bit PCM, and reading any WAV's header far enough to say
// what it holds. Pure byte work, the same in the renderer and in main.

/** What a WAV file's header says about its audio. */
export interface WavInfo {
  /** 1 = integer PCM, 3 = IEEE float, 0xfffe = WAVE_FORMAT_EXTENSIBLE */
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** byte offset and length of the sample data */
  dataOffset: number;
  dataBytes: number;
  /** whole sample frames in the data chunk */
  frames: number;
  durationMs: number;
}

/** Bytes before the samples in the WAVs written here. */
export const WAV_HEADER_BYTES = 44;

/** Clamps to [-1, 1] and scales to int16 (negative full scale is -32768, positive 32767); NaN becomes silence. */
export function toInt16(sample: number): number {
  if (!(sample === sample)) return 0;
  const clamped = sample > 1 ? 1 : sample < -1 ? -1 : sample;
  return clamped < 0 ? Math.round(clamped * 0x8000) : Math.round(clamped * 0x7fff);
}

/** `samples` as 16-bit little-endian PCM bytes (clipped as toInt16 does). */
export function pcm16(samples: Float32Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  writePcm16(samples, new DataView(bytes.buffer), 0);
  return bytes;
}

/** The canonical 44-byte header of a mono 16-bit PCM WAV holding `dataBytes` of samples. */
export function wavHeader16Mono(dataBytes: number, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return bytes;
}

/** A canonical 44-byte-header mono 16-bit PCM WAV of `samples` (floats in [-1, 1]; beyond is clipped). */
export function encodeWav16Mono(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(WAV_HEADER_BYTES + samples.length * 2);
  bytes.set(wavHeader16Mono(samples.length * 2, sampleRate));
  writePcm16(samples, new DataView(bytes.buffer), WAV_HEADER_BYTES);
  return bytes;
}

/** A mono 16-bit WAV of PCM that is already in pieces (a recording streamed as it was made). */
export function wav16MonoFromPcm(pieces: readonly Uint8Array[], sampleRate: number): Uint8Array {
  const dataBytes = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const bytes = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  bytes.set(wavHeader16Mono(dataBytes, sampleRate));
  let offset = WAV_HEADER_BYTES;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.length;
  }
  return bytes;
}

function writePcm16(samples: Float32Array, view: DataView, offset: number): void {
  for (let i = 0; i < samples.length; i++) view.setInt16(offset + 2 * i, toInt16(samples[i] ?? 0), true);
}

/** The header of a WAV file; throws an Error saying what is wrong when `bytes` is not a usable one. */
export function parseWavHeader(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE')
    throw new Error('not a WAV file (no RIFF/WAVE header)');
  let fmt: Pick<WavInfo, 'format' | 'channels' | 'sampleRate' | 'bitsPerSample'> | null = null;
  let offset = 12;
  // Chunks: fmt, then data, with others (LIST, fact, …) possibly between; each padded to an even size.
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw new Error('WAV fmt chunk is truncated');
      fmt = {
        format: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!fmt) throw new Error('WAV data chunk comes before its fmt chunk');
      if (fmt.format !== 1 && fmt.format !== 3 && fmt.format !== 0xfffe)
        throw new Error(`WAV sample format ${fmt.format} is compressed; only PCM or float WAV is supported`);
      if (fmt.channels < 1 || fmt.sampleRate < 1 || fmt.bitsPerSample < 8 || fmt.bitsPerSample % 8 !== 0)
        throw new Error('WAV fmt chunk has impossible values');
      // Recorders that stream (and crash) leave 0 or 0xffffffff here: take what is actually present.
      const present = bytes.length - body;
      const dataBytes = size === 0 || size > present ? present : size;
      const frameBytes = fmt.channels * (fmt.bitsPerSample / 8);
      const frames = Math.floor(dataBytes / frameBytes);
      return { ...fmt, dataOffset: body, dataBytes, frames, durationMs: (frames / fmt.sampleRate) * 1000 };
    }
    offset = body + size + (size % 2);
  }
  throw new Error(fmt ? 'WAV file has no data chunk' : 'WAV file has no fmt chunk');
}
