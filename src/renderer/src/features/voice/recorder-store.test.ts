// The recorder store: a recording sent while the user speaks, transcribed by whisper, and its words put in
// the draft; an audio file transcribed the same way.
import { describe, expect, it } from 'vitest';
import { parseWavHeader, pcm16 } from '@shared/audio/wav';
import { FAKE_TRANSCRIPT } from '@renderer/platform/fake-voice';
import { decodeBase64, pcmMicrophone, settle, setupRecorder, tone } from '@renderer/test-support/recorder-setup';
import type { RecordedAudio } from './capture';

describe('recorder store', () => {
  it('sends a 16 kHz recording while the user speaks, has whisper transcribe it in the set language, and puts the words at the cursor', async () => {
    const mic = pcmMicrophone();
    const { recorder, notify, notices, draft, callsTo, transcribeCalls } = setupRecorder({
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
    const broken = setupRecorder({ open: mic.open });
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
    const lost = setupRecorder({ open: forgetful.open });
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
    const { recorder, notify, notices, draft, mic, callsTo, transcribeCalls } = setupRecorder({ text: 'Hello world' });
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
    const { recorder, notify, draft } = setupRecorder({ text: 'Note:' });
    await recorder.startRecording(notify);
    await recorder.stopRecording(notify);
    expect(draft.getState().text).toBe(`Note: ${FAKE_TRANSCRIPT}`);
  });

  it('stops by itself at the longest recording and transcribes it', async () => {
    const { recorder, notify, notices, timers, draft } = setupRecorder();
    await recorder.startRecording(notify);
    timers.fire();
    await settle();
    expect(notices.map((notice) => notice.key)).toEqual(['voice.autoStopped']);
    expect(draft.getState().text).toBe(FAKE_TRANSCRIPT);
  });

  it('transcribes an audio file the browser decoded, stereo at 44.1 kHz', async () => {
    const decoded: RecordedAudio = { channels: [tone(0.5, 44_100), tone(0.5, 44_100)], sampleRate: 44_100 };
    const seen: number[] = [];
    const { recorder, notify, notices, draft, transcribeCalls } = setupRecorder({
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
    const { recorder, notify, notices } = setupRecorder({
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
