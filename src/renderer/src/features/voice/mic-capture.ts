// The microphone in the page: getUserMedia, then raw PCM straight from Web
// Audio. We take the samples ourselves instead of using MediaRecorder: no codec
// between the microphone and whisper, and nothing to decode when the user stops
// (stop-to-text latency is what voice input is judged by). ScriptProcessorNode
// is deprecated in favour of AudioWorklet, but a worklet must be loaded as a
// module from a URL, which our file:// window (Electron) and the CSP make
// fragile; ScriptProcessor works the same in Chromium, Electron and tests, and
// a recording only needs the main thread for a copy every 43 ms.
import { WHISPER_SAMPLE_RATE } from '@shared/audio/whisper-wav';
import { rms } from './audio-level';
import type { CaptureSession, OpenMicrophone } from './capture';

// 2048 frames: at most ~43 ms (48 kHz) are still in the node's buffer when recording stops.
const BUFFER_FRAMES = 2048;

export const openMicrophone: OpenMicrophone = async () => {
  const devices = globalThis.navigator?.mediaDevices;
  // Without a secure context (plain http from another machine) the API is simply missing.
  if (!devices?.getUserMedia) throw Object.assign(new Error('getUserMedia is not available on this page'), { name: 'NotSupportedError' });
  // Whisper is trained on unprocessed audio; noise suppression smears words (and takes a steady
  // tone for noise), and echo cancellation only knows the page's own output, not the system voice.
  const stream = await devices.getUserMedia({ audio: { channelCount: { ideal: 1 }, echoCancellation: false, noiseSuppression: false, autoGainControl: false }, video: false });
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
  void context.resume().catch(() => {});
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  // One input channel: Web Audio mixes a stereo microphone down for us.
  const processor = context.createScriptProcessor(BUFFER_FRAMES, 1, 1);
  // The processor only runs while connected to the output; a muted gain keeps it silent.
  const mute = context.createGain();
  mute.gain.value = 0;
  const chunks: Float32Array[] = [];
  let open = true;
  processor.addEventListener('audioprocess', (event) => {
    if (open) chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
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
    return context.close().catch(() => {});
  };

  const session: CaptureSession = {
    level: () => {
      analyser.getFloatTimeDomainData(frame);
      return rms(frame);
    },
    finish: async () => {
      const sampleRate = context.sampleRate;
      await close();
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
      void close();
    },
  };
  return session;
};

/** An AudioContext at `sampleRate`, or at the device's rate where the engine refuses that one (then toWhisperWav resamples). */
function newContextAt(sampleRate: number): AudioContext {
  try {
    return new AudioContext({ sampleRate });
  } catch {
    return new AudioContext();
  }
}
