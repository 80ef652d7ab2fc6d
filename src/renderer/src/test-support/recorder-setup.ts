// The recorder store (features/voice/recorder-store.ts) over the memory platform, with stand-ins for what Node
// lacks: a microphone that records a tone, timers a test fires, and a clock it advances.
import { pcm16 } from '@shared/audio/wav';
import type { InvokeChannel, InvokeInput } from '@shared/contract';
import { createStore } from 'zustand/vanilla';
import type { Timers } from '@renderer/lib/timers';
import { createMemoryPlatform } from '@renderer/platform/memory-platform';
import type { Draft } from '@renderer/features/chat/chat-store';
import type { CaptureSession, PcmSink, RecordedAudio } from '@renderer/features/voice/capture';
import { createRecorderStore, type VoiceNotice } from '@renderer/features/voice/recorder-store';

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export const tone = (seconds: number, rate: number, amplitude = 0.3): Float32Array =>
  Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / rate),
  );

/** Node has no microphone: this one "records" a 440 Hz tone at 48 kHz and says whether it was released. */
export function toneMicrophone(audio: RecordedAudio = { channels: [tone(1, 48_000)], sampleRate: 48_000 }) {
  const log: string[] = [];
  const session: CaptureSession = {
    level: () => 0.21,
    finish: () => {
      log.push('finish');
      return Promise.resolve(audio);
    },
    discard: () => log.push('discard'),
  };
  return { log, open: () => (log.push('open'), Promise.resolve(session)) };
}

/**
 * A microphone the browser records at whisper's 16 kHz: `speak` hands the sink what the page would capture, in
 * 2048-frame blocks.
 */
export function pcmMicrophone() {
  const log: string[] = [];
  const pieces: Uint8Array[] = [];
  let sink: PcmSink = () => {};
  const session: CaptureSession = {
    level: () => 0.21,
    finish: () => {
      log.push('finish');
      return Promise.resolve({ pcm: pieces, rms: 0.3 / Math.SQRT2 });
    },
    discard: () => log.push('discard'),
  };
  return {
    log,
    open: (given: PcmSink) => {
      log.push('open');
      sink = given;
      return Promise.resolve(session);
    },
    speak(seconds: number) {
      const samples = tone(seconds, 16_000);
      for (let at = 0; at < samples.length; at += 2048) {
        const piece = pcm16(samples.subarray(at, at + 2048));
        pieces.push(piece);
        sink(piece);
      }
    },
  };
}

export const decodeBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

function manualTimers(): Timers & { fire(): void } {
  const pending = new Map<number, () => void>();
  let next = 0;
  return {
    setTimeout: (callback) => (pending.set(++next, callback), next),
    clearTimeout: (handle) => pending.delete(handle as number),
    fire: () => {
      const callbacks = [...pending.values()];
      pending.clear();
      callbacks.forEach((callback) => callback());
    },
  };
}

/** A recorder store over the memory platform, a tone microphone, a manual clock and timers, and a draft. */
export function setupRecorder(
  options: {
    modelPath?: string;
    open?: (sink: PcmSink) => Promise<CaptureSession>;
    decode?: (bytes: ArrayBuffer) => Promise<RecordedAudio>;
    text?: string;
  } = {},
) {
  const api = createMemoryPlatform();
  api.state.settings = {
    ...api.state.settings,
    voice: { modelPath: options.modelPath ?? '/models/ggml-base.bin', language: 'zh' },
  };
  const draft = createStore<Draft>()(() => ({ text: options.text ?? '', attachments: [] }));
  const mic = toneMicrophone();
  const timers = manualTimers();
  let n = 0;
  let clock = 1000;
  const recorder = createRecorderStore({
    api,
    draft,
    settings: () => api.state.settings,
    openMicrophone: options.open ?? mic.open,
    decodeAudio: options.decode ?? (() => Promise.reject(new Error('no decoder in this test'))),
    newId: () => `req${++n}`,
    now: () => clock,
    timers,
  });
  const notices: VoiceNotice[] = [];
  const notify = (notice: VoiceNotice) => notices.push(notice);
  const callsTo = <C extends InvokeChannel>(channel: C) =>
    api.calls.filter((call) => call.channel === channel).map((call) => call.input as InvokeInput<C>);
  const transcribeCalls = () => callsTo('voice:transcribe');
  return {
    api,
    draft,
    mic,
    timers,
    recorder,
    notices,
    notify,
    callsTo,
    transcribeCalls,
    advance: (ms: number) => (clock += ms),
  };
}
