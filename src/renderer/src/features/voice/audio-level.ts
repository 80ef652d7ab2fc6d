// Loudness for the level meter and for the record of what was captured.

/** Root mean square of `samples` (0 for none); non-finite samples count as silence. */
export function rms(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) if (Number.isFinite(sample)) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

/** RMS over all channels together. */
export function rmsOfChannels(channels: readonly Float32Array[]): number {
  let sum = 0;
  let count = 0;
  for (const channel of channels) {
    const value = rms(channel);
    sum += value * value * channel.length;
    count += channel.length;
  }
  return count === 0 ? 0 : Math.sqrt(sum / count);
}

const FLOOR_DB = -60;

/** An RMS as a meter position from 0 to 1 on a decibel scale (-60 dBFS and below read 0), as ears hear loudness. */
export function meterLevel(value: number): number {
  if (!(value > 0)) return 0;
  const db = 20 * Math.log10(value);
  return Math.min(1, Math.max(0, (db - FLOOR_DB) / -FLOOR_DB));
}
