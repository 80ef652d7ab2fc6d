import { describe, expect, it } from 'vitest';
import { meterLevel, rms, rmsOfChannels } from './audio-level';

describe('audio level', () => {
  it('measures the RMS of a sine and of silence', () => {
    const sine = Float32Array.from({ length: 48_000 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 48_000));
    expect(rms(sine)).toBeCloseTo(0.5 / Math.SQRT2, 3);
    expect(rms(new Float32Array(100))).toBe(0);
    expect(rms(new Float32Array(0))).toBe(0);
    expect(rms(Float32Array.of(Number.NaN, 1))).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('weighs channels by their length', () => {
    expect(rmsOfChannels([Float32Array.of(1, 1), Float32Array.of(0, 0)])).toBeCloseTo(Math.SQRT1_2, 6);
    expect(rmsOfChannels([])).toBe(0);
  });

  it('maps loudness to the meter on a decibel scale', () => {
    expect(meterLevel(1)).toBe(1);
    expect(meterLevel(0.001)).toBe(0);
    expect(meterLevel(0)).toBe(0);
    expect(meterLevel(Math.pow(10, -30 / 20))).toBeCloseTo(0.5, 6);
  });
});
