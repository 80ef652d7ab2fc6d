// The microphone in the page: getUserMedia, then raw PCM straight from Web
// Audio. We take the samples ourselves instead of using MediaRecorder: no codec
// between the microphone and whisper, and nothing to decode when the user stops
// (stop-to-text latency is what voice input is judged by). At 16 kHz each block
// becomes whisper's 16-bit PCM as it arrives and goes to the sink, so the
// recording is already on its way while the user speaks. ScriptProcessorNode
// is deprecated in favour of AudioWorklet, but a worklet must be loaded as a
// module from a URL, which our file:// window (Electron) and the CSP make
// fragile; ScriptProcessor works the same in Chromium, Electron and tests, and
// a recording only needs the main thread for a few µs every 128 ms.
import { pcm16 } from '@shared/audio/wav';
import { WHISPER_SAMPLE_RATE } from '@shared/audio/whisper-wav';
import { rms } from './audio-level';
import type { CaptureSession, OpenMicrophone } from './capture';

// 2048 frames: at most 128 ms (at 16 kHz) are still in the node's buffer when recording stops.
const BUFFER_FRAMES = 2048;

export const openMicrophone: OpenMicrophone = async (sink) => {
  const devices = globalThis.navigator?.mediaDevices;
  // Without a secure context (plain http from another machine) the API is simply missing.
  if (!devices?.getUserMedia)
    throw Object.assign(new Error('getUserMedia is not available on this page'), { name: 'NotSupportedError' });
  // Whisper is trained on unprocessed audio; noise suppression smears words (and takes a steady
  // tone for noise), and echo cancellation only knows the page's own output, not the system voice.
  const stream = await devices.getUserMedia({
    audio: { channelCount: { ideal: 1 }, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    video: false,
  });
  let context: AudioContext;
  try {
    // Whisper's own rate: the browser resamples the microphone in its audio thread as it records,
    // so stopping leaves nothing to resample (at 48 kHz that cost ~5 ms per recorded second).
    context = newContextAt(WHISPER_SAMPLE_RATE);
  } catch (error) {
    stream.getTracks().forEach((track) => track.stop());
    throw error;
  }
  // A context made without a recent user gesture (a global hotkey) starts suspended.
  // resume() fails only on a context already closed, which means the capture was stopped meanwhile.
  void context.resume().catch(() => {});
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  // One input channel: Web Audio mixes a stereo microphone down for us.
  const processor = context.createScriptProcessor(BUFFER_FRAMES, 1, 1);
  // The processor only runs while connected to the output; a muted gain keeps it silent.
  const mute = context.createGain();
  mute.gain.value = 0;
  const sampleRate = context.sampleRate;
  const asPcm = sampleRate === WHISPER_SAMPLE_RATE;
  const pieces: Uint8Array[] = [];
  const chunks: Float32Array[] = [];
  let squares = 0;
  let frames = 0;
  let open = true;
  processor.addEventListener('audioprocess', (event) => {
    if (!open) return;
    const samples = event.inputBuffer.getChannelData(0);
    if (!asPcm) {
      chunks.push(new Float32Array(samples));
      return;
    }
    const piece = pcm16(samples);
    pieces.push(piece);
    squares += rms(samples) ** 2 * samples.length;
    frames += samples.length;
    sink(piece);
  });
  source.connect(analyser);
  source.connect(processor);
  processor.connect(mute);
  mute.connect(context.destination);
  const frame = new Float32Array(analyser.fftSize);

  const close = (): Promise<void> => {
    open = false;
    stream.getTracks().forEach((track) => track.stop());
    source.disconnect();
    processor.disconnect();
    mute.disconnect();
    // Closing twice fails; the microphone tracks above are what must stop, and they have.
    return context.close().catch(() => {});
  };

  const session: CaptureSession = {
    level: () => {
      analyser.getFloatTimeDomainData(frame);
      return rms(frame);
    },
    finish: async () => {
      open = false;
      // After the caller has sent the recording on its way: closing takes the main thread a few ms.
      setTimeout(() => void close(), 0);
      if (asPcm) return { pcm: pieces, rms: frames === 0 ? 0 : Math.sqrt(squares / frames) };
      const samples = new Float32Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        samples.set(chunk, offset);
        offset += chunk.length;
      }
      return { channels: [samples], sampleRate };
    },
    discard: () => {
      chunks.length = 0;
      pieces.length = 0;
      void close();
    },
  };
  return session;
};

/**
 * An AudioContext at `sampleRate`, or at the device's rate where the engine refuses that one (then toWhisperWav
 * resamples).
 */
function newContextAt(sampleRate: number): AudioContext {
  try {
    return new AudioContext({ sampleRate });
  } catch {
    return new AudioContext();
  }
}
