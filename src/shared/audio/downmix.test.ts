import { describe, expect, it } from 'vitest';
import { downmixToMono } from './downmix';

describe('downmixToMono', () => {
  it('averages the channels, so one voice in both keeps its level', () => {
    const left = Float32Array.from([0.5, 0.25, -1]);
    const right = Float32Array.from([0.5, 0.75, 1]);
    expect(Array.from(downmixToMono([left, right]))).toEqual([0.5, 0.5, 0]);
  });

  it('passes mono through unchanged', () => {
    const mono = Float32Array.from([0.1, -0.2, 0.3]);
    expect(downmixToMono([mono])).toEqual(mono);
  });

  it('treats NaN and infinite samples from a glitching device as silence', () => {
    expect(
      Array.from(downmixToMono([Float32Array.from([Number.NaN, Infinity, 0.5]), Float32Array.from([0.5, 0.5, 0.5])])),
    ).toEqual([0.25, 0.25, 0.5]);
  });

  it('rejects no channels and channels of different lengths', () => {
    expect(() => downmixToMono([])).toThrow(/no audio channels/);
    expect(() => downmixToMono([new Float32Array(2), new Float32Array(3)])).toThrow(/differ in length/);
  });
});
