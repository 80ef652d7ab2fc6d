// What the recorder needs from a microphone, apart from how the page gets it
// (mic-capture.ts does that with getUserMedia and Web Audio), so the recorder's
// logic runs in tests, where there is no microphone.

/** Captured audio: Float32 samples per channel at `sampleRate`, as Web Audio hands them out. */
export interface RecordedAudio {
  channels: Float32Array[];
  sampleRate: number;
}

/** A running microphone capture. */
export interface CaptureSession {
  /** the input level now, 0 (silence) to 1 (full scale), for the meter */
  level(): number;
  /** stop capturing, release the microphone and hand over what was recorded */
  finish(): Promise<RecordedAudio>;
  /** stop capturing and release the microphone, keeping nothing */
  discard(): void;
}

/** Opens the microphone; rejects with the browser's error (NotAllowedError, NotFoundError, …). */
export type OpenMicrophone = () => Promise<CaptureSession>;

/** Decodes an audio file's bytes (wav, mp3, ogg, flac, …); rejects when the browser cannot. */
export type DecodeAudio = (bytes: ArrayBuffer) => Promise<RecordedAudio>;
