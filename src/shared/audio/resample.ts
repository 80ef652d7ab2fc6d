// Sample-rate conversion for speech going to whisper (16 kHz). A Blackman-windowed
// sinc low-pass with its cutoff just below the lower of the two Nyquist
// frequencies: going down from 44.1/48 kHz the highs are removed instead of
// aliasing into the band whisper listens to (plain linear interpolation would fold
// them back as noise), and going up from 8 kHz the signal is band-limited
// interpolation. With integer rates the filter phases repeat (160 of them for
// 44.1 → 16 kHz, one for 48 → 16 kHz), so each phase's kernel is computed once.

/** Fraction of the lower Nyquist frequency that passes; the rest is the filter's transition band. */
const ROLLOFF = 0.95;
/** Zero crossings of the sinc on each side: ~100 taps for 48 → 16 kHz, stopband below -70 dB. */
const ZERO_CROSSINGS = 16;
const MIN_RATE = 1_000;
const MAX_RATE = 768_000;

/** Checks a sample rate the resampler accepts: an integer number of Hz in a sane range. */
export function assertSampleRate(rate: number, label = 'sample rate'): void {
  if (!Number.isInteger(rate) || rate < MIN_RATE || rate > MAX_RATE) {
    throw new RangeError(`${label} must be a whole number of Hz between ${MIN_RATE} and ${MAX_RATE}, not ${rate}`);
  }
}

/** `input` at `fromRate` as the same sound at `toRate`; output length is input length × toRate / fromRate, rounded. */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  assertSampleRate(fromRate, 'input sample rate');
  assertSampleRate(toRate, 'output sample rate');
  if (fromRate === toRate) return input.slice();
  const outLength = Math.round((input.length * toRate) / fromRate);
  const output = new Float32Array(outLength);
  if (input.length === 0) return output;

  // Cutoff in cycles per input sample ×2 (1 = the input's Nyquist); the kernel widens as the cutoff drops.
  const cutoff = ROLLOFF * Math.min(1, toRate / fromRate);
  const halfWidth = ZERO_CROSSINGS / cutoff;
  const taps = Math.ceil(halfWidth);
  const kernels = new Map<number, Float32Array>();
  const kernelFor = (remainder: number): Float32Array => {
    let kernel = kernels.get(remainder);
    if (kernel) return kernel;
    // Weights for input samples q-taps+1 … q+taps around the output position q + frac.
    const frac = remainder / toRate;
    kernel = new Float32Array(2 * taps);
    let sum = 0;
    for (let i = 0; i < kernel.length; i++) {
      const x = frac - (i - taps + 1);
      const weight = Math.abs(x) >= halfWidth ? 0 : cutoff * sinc(cutoff * x) * blackman(x / halfWidth);
      kernel[i] = weight;
      sum += weight;
    }
    // Unity gain at DC for every phase, so silence stays silent and a constant stays constant.
    for (let i = 0; i < kernel.length; i++) kernel[i] = (kernel[i] ?? 0) / sum;
    kernels.set(remainder, kernel);
    return kernel;
  };

  for (let n = 0; n < outLength; n++) {
    const position = n * fromRate;
    const q = Math.floor(position / toRate);
    const remainder = position - q * toRate;
    const kernel = kernelFor(remainder);
    const first = q - taps + 1;
    let acc = 0;
    let weightInRange = 0;
    for (let i = 0; i < kernel.length; i++) {
      const k = first + i;
      if (k < 0 || k >= input.length) continue;
      const weight = kernel[i] ?? 0;
      acc += weight * (input[k] ?? 0);
      weightInRange += weight;
    }
    // At the ends part of the kernel falls outside the signal; rescale so the edges do not fade.
    output[n] =
      first >= 0 && first + kernel.length <= input.length ? acc : weightInRange > 0.25 ? acc / weightInRange : acc;
  }
  return output;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/** Blackman window over t ∈ [-1, 1]. */
function blackman(t: number): number {
  return 0.42 + 0.5 * Math.cos(Math.PI * t) + 0.08 * Math.cos(2 * Math.PI * t);
}
