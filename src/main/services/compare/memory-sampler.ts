// The peak of a process's resident set while it answers: read at the start,
// every interval, and once more at the end (the KV cache is fullest then). A
// read that fails counts for nothing; with none read the peak is null.

/** Reads of the resident set every 250 ms: often enough for a peak, cheap on /proc. */
export const SAMPLE_INTERVAL_MS = 250;

export interface MemoryPeak {
  peakBytes: number | null;
  samples: number;
}

export interface MemorySampler {
  /** stops sampling after one last read and says the peak */
  stop(): Promise<MemoryPeak>;
}

export interface SamplerTimers {
  every(ms: number, tick: () => void): () => void;
}

const realTimers: SamplerTimers = {
  every: (ms, tick) => {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

export function sampleMemory(
  read: () => Promise<number | null>,
  intervalMs = SAMPLE_INTERVAL_MS,
  timers: SamplerTimers = realTimers,
): MemorySampler {
  let peak: number | null = null;
  let samples = 0;
  let reading: Promise<void> | null = null;
  const sample = (): Promise<void> =>
    (reading ??= (async () => {
      // A read that failed (the process just ended) is a sample without a figure; the peak keeps what was read.
      const bytes = await read().catch(() => null);
      reading = null;
      if (bytes === null) return;
      samples++;
      peak = peak === null ? bytes : Math.max(peak, bytes);
    })());
  // A tick while a read is still under way (ps on a busy machine) joins it rather than queueing another.
  void sample();
  const cancel = timers.every(intervalMs, () => void sample());
  return {
    async stop() {
      cancel();
      await reading;
      await sample();
      return { peakBytes: peak, samples };
    },
  };
}
