// The recorder store when a recording cannot go through: no model, no microphone, Esc at each step, whisper's
// failures, silence, and the longest recording.
import { describe, expect, it } from 'vitest';
import { pcmMicrophone, settle, setupRecorder, toneMicrophone } from '@renderer/test-support/recorder-setup';
import type { CaptureSession } from './capture';

describe('recorder store: refusals, cancels and failures', () => {
  it('says why before asking for the microphone when no model is set', async () => {
    const { recorder, notify, notices, mic, api } = setupRecorder({ modelPath: '' });
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
      const { recorder, notify, notices } = setupRecorder({
        open: () => Promise.reject(Object.assign(new Error('no'), { name })),
      });
      await recorder.startRecording(notify);
      expect(notices.map((notice) => notice.key)).toEqual([key]);
      expect(recorder.state.getState().phase).toBe('idle');
    }
  });

  it('Esc while recording drops the recording, also in the core, and releases the microphone', async () => {
    const mic = pcmMicrophone();
    const { recorder, notify, callsTo, transcribeCalls, draft } = setupRecorder({ open: mic.open });
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
    const { recorder, notify } = setupRecorder({ open: () => new Promise((r) => (resolve = r)) });
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
    const { recorder, notify, notices, api, draft, callsTo } = setupRecorder({ open: mic.open });
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
    const { recorder, notify, notices, api } = setupRecorder();
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
    const empty = setupRecorder({ open: toneMicrophone({ channels: [new Float32Array(0)], sampleRate: 48_000 }).open });
    await empty.recorder.startRecording(empty.notify);
    await empty.recorder.stopRecording(empty.notify);
    expect(empty.notices.map((notice) => notice.key)).toEqual(['voice.empty']);
    expect(empty.transcribeCalls()).toEqual([]);

    const blank = setupRecorder({ text: 'x' });
    blank.api.handle('voice:transcribe', () => ({
      ok: true,
      value: { text: ' [BLANK_AUDIO]', durationMs: 1, audioMs: 1000 },
    }));
    await blank.recorder.startRecording(blank.notify);
    await blank.recorder.stopRecording(blank.notify);
    expect(blank.notices.map((notice) => notice.key)).toEqual(['voice.noSpeech']);
    expect(blank.draft.getState().text).toBe('x');
  });
});
