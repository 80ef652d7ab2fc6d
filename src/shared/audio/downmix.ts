// Many channels to one: the average, so a stereo recording of one voice keeps its
// level. Non-finite samples (a glitching capture device) become silence here, before
// the resampler could smear them over a hundred neighbours.

/** The per-sample mean of `channels`, which must all have the same length. */
export function downmixToMono(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) throw new RangeError('no audio channels');
  if (channels.some((channel) => channel.length !== first.length))
    throw new RangeError('audio channels differ in length');
  const mono = new Float32Array(first.length);
  const scale = 1 / channels.length;
  for (const channel of channels) {
    for (let i = 0; i < mono.length; i++) {
      const sample = channel[i] ?? 0;
      if (Number.isFinite(sample)) mono[i] = (mono[i] ?? 0) + sample * scale;
    }
  }
  return mono;
}
