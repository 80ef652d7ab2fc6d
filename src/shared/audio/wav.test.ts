import { describe, expect, it } from 'vitest';
import { encodeWav16Mono, parseWavHeader, pcm16, toInt16, wav16MonoFromPcm } from './wav';

const ascii = (bytes: Uint8Array, from: number) => String.fromCharCode(...bytes.subarray(from, from + 4));

describe('encodeWav16Mono', () => {
  it('writes a canonical 44-byte PCM header', () => {
    const bytes = encodeWav16Mono(new Float32Array([0, 0.5, -0.5]), 16_000);
    const view = new DataView(bytes.buffer);
    expect(bytes.length).toBe(44 + 6);
    expect(ascii(bytes, 0)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(ascii(bytes, 8)).toBe('WAVE');
    expect(ascii(bytes, 12)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000); // bytes per second
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(bytes, 36)).toBe('data');
    expect(view.getUint32(40, true)).toBe(6);
    expect([view.getInt16(44, true), view.getInt16(46, true), view.getInt16(48, true)]).toEqual([0, 16384, -16384]);
  });

  it('clips beyond full scale instead of wrapping around', () => {
    expect([2, 1, -1, -3, Infinity, -Infinity].map(toInt16)).toEqual([32767, 32767, -32768, -32768, 32767, -32768]);
    expect(toInt16(Number.NaN)).toBe(0);
    const bytes = encodeWav16Mono(new Float32Array([1.5, -1.5]), 8_000);
    const view = new DataView(bytes.buffer);
    expect([view.getInt16(44, true), view.getInt16(46, true)]).toEqual([32767, -32768]);
  });

  it('PCM that arrived in pieces makes the same WAV as the samples encoded at once', () => {
    const samples = Float32Array.from({ length: 1001 }, (_, i) => Math.sin(i / 7) * 1.2);
    const whole = encodeWav16Mono(samples, 16_000);
    expect(pcm16(samples)).toEqual(whole.subarray(44));
    expect(
      wav16MonoFromPcm([pcm16(samples.subarray(0, 400)), new Uint8Array(0), pcm16(samples.subarray(400))], 16_000),
    ).toEqual(whole);
    expect(parseWavHeader(wav16MonoFromPcm([], 16_000)).frames).toBe(0);
  });

  it('an empty recording is a valid WAV with no frames', () => {
    const info = parseWavHeader(encodeWav16Mono(new Float32Array(0), 16_000));
    expect(info.frames).toBe(0);
    expect(info.durationMs).toBe(0);
  });
});

describe('parseWavHeader', () => {
  it('reads back what encodeWav16Mono wrote', () => {
    const info = parseWavHeader(encodeWav16Mono(new Float32Array(16_000), 16_000));
    expect(info).toEqual({
      format: 1,
      channels: 1,
      sampleRate: 16_000,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: 32_000,
      frames: 16_000,
      durationMs: 1000,
    });
  });

  it('skips chunks between fmt and data (LIST, odd-sized ones padded)', () => {
    const plain = encodeWav16Mono(new Float32Array([0.25, -0.25]), 22_050);
    const list = new Uint8Array([...'LIST'].map((c) => c.charCodeAt(0)).concat([3, 0, 0, 0, 1, 2, 3, 0]));
    const bytes = new Uint8Array([...plain.subarray(0, 36), ...list, ...plain.subarray(36)]);
    const info = parseWavHeader(bytes);
    expect(info.dataOffset).toBe(44 + list.length);
    expect(info.frames).toBe(2);
    expect(info.sampleRate).toBe(22_050);
  });

  it('takes the data actually present when the size field is bogus (a streamed recording)', () => {
    const bytes = encodeWav16Mono(new Float32Array(100), 16_000);
    new DataView(bytes.buffer).setUint32(40, 0xffffffff, true);
    expect(parseWavHeader(bytes).frames).toBe(100);
    // Streamers that never come back to fill in the size leave 0.
    new DataView(bytes.buffer).setUint32(40, 0, true);
    expect(parseWavHeader(bytes)).toMatchObject({ frames: 100, dataBytes: 200 });
  });

  it('rejects what whisper could not read, saying why', () => {
    expect(() => parseWavHeader(new TextEncoder().encode('hello, this is not audio at all'))).toThrow(/not a WAV file/);
    expect(() => parseWavHeader(new Uint8Array(0))).toThrow(/not a WAV file/);
    const noData = encodeWav16Mono(new Float32Array(1), 16_000).subarray(0, 36);
    expect(() => parseWavHeader(noData)).toThrow(/no data chunk/);
    const adpcm = encodeWav16Mono(new Float32Array(4), 16_000);
    new DataView(adpcm.buffer).setUint16(20, 2, true);
    expect(() => parseWavHeader(adpcm)).toThrow(/compressed/);
    const truncatedFmt = encodeWav16Mono(new Float32Array(1), 16_000).subarray(0, 24);
    expect(() => parseWavHeader(truncatedFmt)).toThrow(/fmt chunk is truncated/);
  });
});
