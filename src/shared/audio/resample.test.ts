import { describe, expect, it } from 'vitest';
import { resample } from './resample';

const sine = (rate: number, hz: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate),
  );

/** RMS of a signal away from its edges, where the filter sees only half its window. */
const innerRms = (signal: Float32Array, margin: number) => {
  let sum = 0;
  for (let i = margin; i < signal.length - margin; i++) sum += (signal[i] ?? 0) ** 2;
  return Math.sqrt(sum / (signal.length - 2 * margin));
};

/** Largest difference from a reference signal, away from the edges. */
const innerMaxError = (signal: Float32Array, reference: Float32Array, margin: number) => {
  let max = 0;
  for (let i = margin; i < signal.length - margin; i++)
    max = Math.max(max, Math.abs((signal[i] ?? 0) - (reference[i] ?? 0)));
  return max;
};

describe('resample to 16 kHz', () => {
  for (const rate of [8_000, 44_100, 48_000]) {
    it(`keeps a 440 Hz tone's pitch and level from ${rate} Hz`, () => {
      const out = resample(sine(rate, 440, 1), rate, 16_000);
      expect(out.length).toBe(16_000);
      // Sample for sample against the same tone generated at 16 kHz: pitch, phase and level all kept.
      expect(innerMaxError(out, sine(16_000, 440, 1), 200)).toBeLessThan(0.005);
    });
  }

  it('turns a length into length × ratio, rounded', () => {
    expect(resample(new Float32Array(441), 44_100, 16_000).length).toBe(160);
    expect(resample(new Float32Array(1000), 48_000, 16_000).length).toBe(333);
    expect(resample(new Float32Array(3), 8_000, 16_000).length).toBe(6);
    expect(resample(new Float32Array(0), 48_000, 16_000).length).toBe(0);
  });

  it('removes tones above 8 kHz instead of folding them into the speech band', () => {
    // Dropping two of every three samples would turn 12 kHz at 48 kHz into a full-level 4 kHz tone.
    expect(innerRms(resample(sine(48_000, 12_000, 0.5), 48_000, 16_000), 200)).toBeLessThan(0.003);
    expect(innerRms(resample(sine(44_100, 10_000, 0.5), 44_100, 16_000), 200)).toBeLessThan(0.003);
    // …while a 3 kHz tone passes at its full level (RMS of a 0.5 sine ≈ 0.354).
    expect(innerRms(resample(sine(48_000, 3_000, 0.5), 48_000, 16_000), 200)).toBeCloseTo(0.3536, 2);
  });

  it('keeps silence silent and a constant constant, edges included', () => {
    expect(resample(new Float32Array(4410), 44_100, 16_000).every((s) => s === 0)).toBe(true);
    const dc = resample(new Float32Array(4800).fill(0.25), 48_000, 16_000);
    for (const sample of dc) expect(sample).toBeCloseTo(0.25, 4);
  });

  it('returns a copy when the rate is already right', () => {
    const input = sine(16_000, 440, 0.01);
    const out = resample(input, 16_000, 16_000);
    expect(out).toEqual(input);
    expect(out).not.toBe(input);
  });

  it('rejects rates it cannot mean', () => {
    expect(() => resample(new Float32Array(1), 0, 16_000)).toThrow(/input sample rate/);
    expect(() => resample(new Float32Array(1), 44_100.5, 16_000)).toThrow(/whole number/);
    expect(() => resample(new Float32Array(1), Number.NaN, 16_000)).toThrow(RangeError);
    expect(() => resample(new Float32Array(1), 48_000, 10_000_000)).toThrow(/output sample rate/);
  });
});
