import { describe, expect, it } from 'vitest';
import { parseWavHeader } from './wav';
import { toWhisperWav, WHISPER_SAMPLE_RATE } from './whisper-wav';

const samplesOf = (wav: Uint8Array) => {
  const info = parseWavHeader(wav);
  const view = new DataView(wav.buffer, wav.byteOffset + info.dataOffset, info.dataBytes);
  return Int16Array.from({ length: info.frames }, (_, i) => view.getInt16(2 * i, true));
};

describe('toWhisperWav', () => {
  for (const rate of [8_000, 44_100, 48_000]) {
    it(`makes 16 kHz mono 16-bit from ${rate} Hz stereo`, () => {
      const tone = Float32Array.from({ length: rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate));
      const wav = toWhisperWav([tone, tone], rate);
      const info = parseWavHeader(wav);
      expect(info).toMatchObject({
        format: 1,
        channels: 1,
        sampleRate: WHISPER_SAMPLE_RATE,
        bitsPerSample: 16,
        frames: 16_000,
        durationMs: 1000,
      });
      // Away from the ends, where a tone that starts abruptly rings a little (as any band-limited filter does).
      const peak = Math.max(...samplesOf(wav).slice(200, -200).map(Math.abs));
      expect(peak / 32767).toBeCloseTo(0.5, 2);
    });
  }

  it('silence stays all zeros', () => {
    expect(
      samplesOf(toWhisperWav([new Float32Array(48_000), new Float32Array(48_000)], 48_000)).every((s) => s === 0),
    ).toBe(true);
  });

  it('clips an over-driven capture at full scale instead of wrapping', () => {
    const loud = Float32Array.from({ length: 44_100 }, (_, i) => 3 * Math.sin((2 * Math.PI * 200 * i) / 44_100));
    const samples = samplesOf(toWhisperWav([loud], 44_100));
    expect(Math.max(...samples)).toBe(32767);
    expect(Math.min(...samples)).toBe(-32768);
    // Wrapping would put large values of the wrong sign right next to the peaks; clipping keeps the sign.
    const wrongSign = samples.filter((s, i) => i > 0 && Math.abs(s - (samples[i - 1] ?? 0)) > 40_000);
    expect(wrongSign).toHaveLength(0);
  });

  it('a left-only recording comes out at half level (the channels are averaged)', () => {
    const tone = Float32Array.from({ length: 16_000 }, (_, i) => 0.8 * Math.sin((2 * Math.PI * 440 * i) / 16_000));
    const samples = samplesOf(toWhisperWav([tone, new Float32Array(16_000)], 16_000));
    expect(Math.max(...samples) / 32767).toBeCloseTo(0.4, 2);
  });
});
