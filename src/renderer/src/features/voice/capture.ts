// What the recorder needs from a microphone, apart from how the page gets it
// (mic-capture.ts does that with getUserMedia and Web Audio), so the recorder's
// logic runs in tests, where there is no microphone.

/** Captured audio: Float32 samples per channel at `sampleRate`, as Web Audio hands them out. */
export interface RecordedAudio {
  channels: Float32Array[];
  sampleRate: number;
}

/**
 * A recording captured in whisper's own format, 16 kHz mono 16-bit little-endian PCM, in the pieces the sink was
 * handed.
 */
export interface RecordedPcm {
  pcm: readonly Uint8Array[];
  /** RMS of the samples before they were rounded to 16 bits (0 = silence) */
  rms: number;
}

/**
 * Receives a recording piece by piece while it is made (16 kHz mono 16-bit little-endian PCM), so it can travel before
 * the user stops.
 */
export type PcmSink = (pcm: Uint8Array) => void;

/** A running microphone capture. */
export interface CaptureSession {
  /** the input level now, 0 (silence) to 1 (full scale), for the meter */
  level(): number;
  /**
   * Stop capturing and hand over what was recorded: the PCM the sink was given, or
   * samples to convert where the browser would not record at 16 kHz (the sink was
   * then never called). The microphone is released right after, not awaited.
   */
  finish(): Promise<RecordedAudio | RecordedPcm>;
  /** stop capturing and release the microphone, keeping nothing */
  discard(): void;
}

/**
 * Opens the microphone, handing the sink the audio as it comes; rejects with the browser's error (NotAllowedError,
 * NotFoundError, …).
 */
export type OpenMicrophone = (sink: PcmSink) => Promise<CaptureSession>;

/** Decodes an audio file's bytes (wav, mp3, ogg, flac, …); rejects when the browser cannot. */
export type DecodeAudio = (bytes: ArrayBuffer) => Promise<RecordedAudio>;
