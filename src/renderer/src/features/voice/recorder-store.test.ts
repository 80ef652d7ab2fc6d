import { describe, expect, it } from 'vitest';
import { parseWavHeader, pcm16 } from '@shared/audio/wav';
import type { InvokeChannel, InvokeInput } from '@shared/contract';
import { createStore } from 'zustand/vanilla';
import type { Timers } from '../../lib/timers';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { FAKE_TRANSCRIPT } from '../../platform/fake-voice';
import type { Draft } from '../chat/chat-store';
import type { CaptureSession, PcmSink, RecordedAudio } from './capture';
import { createRecorderStore, type VoiceNotice } from './recorder-store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const tone = (seconds: number, rate: number, amplitude = 0.3): Float32Array =>
  Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / rate),
  );

/** Node has no microphone: this one "records" a 440 Hz tone at 48 kHz and says whether it was released. */
function toneMicrophone(audio: RecordedAudio = { channels: [tone(1, 48_000)], sampleRate: 48_000 }) {
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
function pcmMicrophone() {
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

const decodeBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

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

function setup(
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

describe('recorder store', () => {
  it('sends a 16 kHz recording while the user speaks, has whisper transcribe it in the set language, and puts the words at the cursor', async () => {
    const mic = pcmMicrophone();
    const { recorder, notify, notices, draft, callsTo, transcribeCalls } = setup({
      text: 'Hello world',
      open: mic.open,
    });
    let caret = -1;
    recorder.attachInput({ selection: () => ({ start: 5, end: 5 }), placeCaret: (at) => (caret = at) });
    await recorder.toggle(notify);
    expect(recorder.state.getState()).toEqual({ phase: 'recording', startedAt: 1000 });
    mic.speak(1);
    const appended = callsTo('voice:append-audio');
    expect(appended.map((call) => call.offset)).toEqual([0, 4096, 8192, 12288, 16384, 20480, 24576, 28672]);
    expect(new Set(appended.map((call) => call.recordingId))).toEqual(new Set(['req1']));
    expect(appended.flatMap((call) => [...decodeBase64(call.pcmBase64)])).toEqual([...pcm16(tone(1, 16_000))]);
    await recorder.toggle(notify);
    expect(notices).toEqual([]);
    expect(mic.log).toEqual(['open', 'finish']);
    expect(callsTo('voice:transcribe-recording')).toEqual([
      { recordingId: 'req1', bytes: 32_000, requestId: 'req2', language: 'zh' },
    ]);
    expect(transcribeCalls()).toEqual([]);
    expect(draft.getState().text).toBe(`Hello ${FAKE_TRANSCRIPT} world`);
    expect(caret).toBe(6 + FAKE_TRANSCRIPT.length);
    expect(recorder.state.getState()).toEqual({ phase: 'idle' });
    expect(recorder.last.getState()).toMatchObject({
      source: 'microphone',
      durationMs: 1000,
      sampleRate: 16_000,
      wavBytes: 44 + 32_000,
    });
    expect(recorder.last.getState()?.rms).toBeCloseTo(0.3 / Math.SQRT2, 2);
  });

  it('sends the recording whole when a piece did not arrive or the core lost it', async () => {
    const mic = pcmMicrophone();
    const broken = setup({ open: mic.open });
    let appends = 0;
    broken.api.handle('voice:append-audio', ({ offset }) =>
      ++appends === 3
        ? { ok: false, error: { code: 'internal', message: 'connection lost' } }
        : { ok: true, value: { bytes: offset } },
    );
    await broken.recorder.startRecording(broken.notify);
    mic.speak(1);
    await settle();
    await broken.recorder.stopRecording(broken.notify);
    expect(broken.callsTo('voice:transcribe-recording')).toEqual([]);
    expect(broken.callsTo('voice:discard-recording')).toEqual([{ recordingId: 'req1' }]);
    const [whole] = broken.transcribeCalls();
    expect(parseWavHeader(decodeBase64(whole?.wavBase64 ?? ''))).toMatchObject({ sampleRate: 16_000, frames: 16_000 });
    expect(whole?.requestId).toBe('req2');
    expect(broken.draft.getState().text).toBe(FAKE_TRANSCRIPT);
    expect(broken.notices).toEqual([]);

    const forgetful = pcmMicrophone();
    const lost = setup({ open: forgetful.open });
    await lost.recorder.startRecording(lost.notify);
    forgetful.speak(0.5);
    // The core restarted in between: it answers recording_incomplete, and the page sends what it kept.
    lost.api.handle('voice:transcribe-recording', () => ({
      ok: false,
      error: { code: 'bad_request', message: 'no such recording', details: { reason: 'recording_incomplete' } },
    }));
    await lost.recorder.stopRecording(lost.notify);
    expect(parseWavHeader(decodeBase64(lost.transcribeCalls()[0]?.wavBase64 ?? '')).frames).toBe(8000);
    expect(lost.draft.getState().text).toBe(FAKE_TRANSCRIPT);
  });

  it('where the browser records at another rate, sends whisper a 16 kHz mono WAV of the whole recording', async () => {
    const { recorder, notify, notices, draft, mic, callsTo, transcribeCalls } = setup({ text: 'Hello world' });
    let caret = -1;
    recorder.attachInput({ selection: () => ({ start: 5, end: 5 }), placeCaret: (at) => (caret = at) });
    await recorder.toggle(notify);
    expect(recorder.state.getState()).toEqual({ phase: 'recording', startedAt: 1000 });
    expect(recorder.level()).toBe(0.21);
    await recorder.toggle(notify);
    expect(notices).toEqual([]);
    expect(mic.log).toEqual(['open', 'finish']);
    expect(callsTo('voice:append-audio')).toEqual([]);
    expect(callsTo('voice:transcribe-recording')).toEqual([]);
    const [call] = transcribeCalls();
    expect(call?.language).toBe('zh');
    expect(call?.requestId).toBe('req2');
    const wav = parseWavHeader(Uint8Array.from(atob(call?.wavBase64 ?? ''), (c) => c.charCodeAt(0)));
    expect(wav).toMatchObject({ format: 1, channels: 1, sampleRate: 16_000, bitsPerSample: 16, frames: 16_000 });
    expect(draft.getState().text).toBe(`Hello ${FAKE_TRANSCRIPT} world`);
    expect(caret).toBe(6 + FAKE_TRANSCRIPT.length);
    expect(recorder.state.getState()).toEqual({ phase: 'idle' });
    expect(recorder.last.getState()).toMatchObject({
      source: 'microphone',
      durationMs: 1000,
      sampleRate: 48_000,
      wavBytes: 44 + 32_000,
    });
    expect(recorder.last.getState()?.rms).toBeCloseTo(0.3 / Math.SQRT2, 2);
    expect(recorder.level()).toBe(0);
  });

  it('appends when the text box is not on screen', async () => {
    const { recorder, notify, draft } = setup({ text: 'Note:' });
    await recorder.startRecording(notify);
    await recorder.stopRecording(notify);
    expect(draft.getState().text).toBe(`Note: ${FAKE_TRANSCRIPT}`);
  });

  it('says why before asking for the microphone when no model is set', async () => {
    const { recorder, notify, notices, mic, api } = setup({ modelPath: '' });
    await recorder.toggle(notify);
    expect(notices.map((notice) => notice.key)).toEqual(['voice.modelNotConfigured']);
    expect(mic.log).toEqual([]);
    expect(recorder.state.getState().phase).toBe('idle');
    expect(recorder.status.getState()?.model).toBe('not_configured');
    api.state.settings = { ...api.state.settings, voice: { modelPath: '/m/bad.txt', language: 'auto' } };
    await recorder.toggle(notify);
    expect(notices.at(-1)).toMatchObject({
      key: 'voice.notReady',
      vars: { problem: '/m/bad.txt is not a whisper.cpp ggml model.' },
    });
  });

  it('tells a refused microphone from a missing one', async () => {
    for (const [name, key] of [
      ['NotAllowedError', 'voice.mic.denied'],
      ['NotFoundError', 'voice.mic.none'],
      ['NotReadableError', 'voice.mic.busy'],
    ] as const) {
      const { recorder, notify, notices } = setup({
        open: () => Promise.reject(Object.assign(new Error('no'), { name })),
      });
      await recorder.startRecording(notify);
      expect(notices.map((notice) => notice.key)).toEqual([key]);
      expect(recorder.state.getState().phase).toBe('idle');
    }
  });

  it('Esc while recording drops the recording, also in the core, and releases the microphone', async () => {
    const mic = pcmMicrophone();
    const { recorder, notify, callsTo, transcribeCalls, draft } = setup({ open: mic.open });
    await recorder.startRecording(notify);
    mic.speak(0.2);
    recorder.cancel();
    expect(mic.log).toEqual(['open', 'discard']);
    expect(callsTo('voice:discard-recording')).toEqual([{ recordingId: 'req1' }]);
    expect(recorder.state.getState().phase).toBe('idle');
    await recorder.stopRecording(notify);
    expect(transcribeCalls()).toEqual([]);
    expect(callsTo('voice:transcribe-recording')).toEqual([]);
    expect(draft.getState().text).toBe('');
  });

  it('Esc while the microphone is being opened releases it once it opens', async () => {
    let resolve: (session: CaptureSession) => void = () => {};
    const discarded: string[] = [];
    const { recorder, notify } = setup({ open: () => new Promise((r) => (resolve = r)) });
    const starting = recorder.startRecording(notify);
    await settle();
    expect(recorder.state.getState().phase).toBe('opening');
    recorder.cancel();
    resolve({
      level: () => 0,
      finish: () => Promise.reject(new Error('unused')),
      discard: () => discarded.push('discard'),
    });
    await starting;
    expect(discarded).toEqual(['discard']);
    expect(recorder.state.getState().phase).toBe('idle');
  });

  it('Esc while whisper runs cancels it in the core and ignores its late answer', async () => {
    const mic = pcmMicrophone();
    const { recorder, notify, notices, api, draft, callsTo } = setup({ open: mic.open });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.handle('voice:transcribe-recording', async () => {
      await gate;
      return { ok: true, value: { text: 'too late', durationMs: 5, audioMs: 1000 } };
    });
    await recorder.startRecording(notify);
    mic.speak(0.5);
    const stopping = recorder.stopRecording(notify);
    await settle();
    expect(recorder.state.getState()).toMatchObject({ phase: 'transcribing', requestId: 'req2' });
    recorder.cancel();
    expect(callsTo('voice:cancel')).toEqual([{ requestId: 'req2' }]);
    expect(recorder.state.getState().phase).toBe('idle');
    release();
    await stopping;
    expect(draft.getState().text).toBe('');
    expect(notices).toEqual([]);
  });

  it('reports whisper failures by their reason, and a cancel by nobody not at all', async () => {
    const { recorder, notify, notices, api } = setup();
    const fail = (reason: string, message: string) =>
      api.handle('voice:transcribe', () => ({ ok: false, error: { code: 'internal', message, details: { reason } } }));
    fail('timeout', 'took 61 s');
    await recorder.startRecording(notify);
    await recorder.stopRecording(notify);
    fail('model_invalid', '/m/ggml-base.bin is not a whisper model');
    await recorder.startRecording(notify);
    await recorder.stopRecording(notify);
    fail('cancelled', 'cancelled');
    await recorder.startRecording(notify);
    await recorder.stopRecording(notify);
    expect(notices.map(({ key, vars }) => [key, vars?.message])).toEqual([
      ['voice.timeout', undefined],
      ['voice.failed', '/m/ggml-base.bin is not a whisper model'],
    ]);
  });

  it('says so when nothing was recorded or no speech was heard', async () => {
    const empty = setup({ open: toneMicrophone({ channels: [new Float32Array(0)], sampleRate: 48_000 }).open });
    await empty.recorder.startRecording(empty.notify);
    await empty.recorder.stopRecording(empty.notify);
    expect(empty.notices.map((notice) => notice.key)).toEqual(['voice.empty']);
    expect(empty.transcribeCalls()).toEqual([]);

    const blank = setup({ text: 'x' });
    blank.api.handle('voice:transcribe', () => ({
      ok: true,
      value: { text: ' [BLANK_AUDIO]', durationMs: 1, audioMs: 1000 },
    }));
    await blank.recorder.startRecording(blank.notify);
    await blank.recorder.stopRecording(blank.notify);
    expect(blank.notices.map((notice) => notice.key)).toEqual(['voice.noSpeech']);
    expect(blank.draft.getState().text).toBe('x');
  });

  it('stops by itself at the longest recording and transcribes it', async () => {
    const { recorder, notify, notices, timers, draft } = setup();
    await recorder.startRecording(notify);
    timers.fire();
    await settle();
    expect(notices.map((notice) => notice.key)).toEqual(['voice.autoStopped']);
    expect(draft.getState().text).toBe(FAKE_TRANSCRIPT);
  });

  it('transcribes an audio file the browser decoded, stereo at 44.1 kHz', async () => {
    const decoded: RecordedAudio = { channels: [tone(0.5, 44_100), tone(0.5, 44_100)], sampleRate: 44_100 };
    const seen: number[] = [];
    const { recorder, notify, notices, draft, transcribeCalls } = setup({
      decode: (bytes) => (seen.push(bytes.byteLength), Promise.resolve(decoded)),
    });
    const file = { name: 'memo.mp3', size: 3, arrayBuffer: () => Promise.resolve(new Uint8Array([1, 2, 3]).buffer) };
    await recorder.transcribeFile(file, notify);
    expect(seen).toEqual([3]);
    expect(notices).toEqual([]);
    expect(draft.getState().text).toBe(FAKE_TRANSCRIPT);
    const wav = parseWavHeader(Uint8Array.from(atob(transcribeCalls()[0]?.wavBase64 ?? ''), (c) => c.charCodeAt(0)));
    expect(wav).toMatchObject({ channels: 1, sampleRate: 16_000, frames: 8000 });
    expect(recorder.last.getState()).toMatchObject({ source: 'file', durationMs: 500 });
  });

  it('names the file it could not decode, and refuses one too large to try', async () => {
    const { recorder, notify, notices } = setup({
      decode: () => Promise.reject(Object.assign(new Error('Unable to decode audio data'), { name: 'EncodingError' })),
    });
    await recorder.transcribeFile(
      { name: 'notes.txt', size: 10, arrayBuffer: () => Promise.resolve(new ArrayBuffer(10)) },
      notify,
    );
    await recorder.transcribeFile(
      { name: 'huge.wav', size: 500 * 1024 * 1024, arrayBuffer: () => Promise.reject(new Error('unread')) },
      notify,
    );
    expect(notices.map(({ key, vars }) => [key, vars?.name])).toEqual([
      ['voice.decodeFailed', 'notes.txt'],
      ['voice.fileTooLarge', 'huge.wav'],
    ]);
    expect(recorder.state.getState().phase).toBe('idle');
  });
});
