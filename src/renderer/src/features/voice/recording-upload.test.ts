import { describe, expect, it } from 'vitest';
import type { InvokeChannel, InvokeInput } from '@shared/contract';
import { createMemoryPlatform } from '../../platform/memory-platform';
import { FAKE_TRANSCRIPT } from '../../platform/fake-voice';
import { createRecordingUpload } from './recording-upload';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const api = createMemoryPlatform();
  api.state.settings = { ...api.state.settings, voice: { modelPath: '/models/ggml-base.bin', language: 'en' } };
  const callsTo = <C extends InvokeChannel>(channel: C) =>
    api.calls.filter((call) => call.channel === channel).map((call) => call.input as InvokeInput<C>);
  return { api, callsTo, upload: createRecordingUpload(api, 'rec1') };
}

describe('recording upload', () => {
  it('sends the pieces at their offsets, then asks for the transcript of exactly that much', async () => {
    const { upload, callsTo } = setup();
    upload.append(new Uint8Array([1, 2, 3, 4]));
    upload.append(new Uint8Array(0));
    upload.append(new Uint8Array([5, 6]));
    expect(callsTo('voice:append-audio')).toEqual([
      { recordingId: 'rec1', offset: 0, pcmBase64: 'AQIDBA==' },
      { recordingId: 'rec1', offset: 4, pcmBase64: 'BQY=' },
    ]);
    expect(await upload.finish({ requestId: 'r1', language: 'en' })).toEqual({
      ok: true,
      value: { text: FAKE_TRANSCRIPT, durationMs: 0, audioMs: 0 },
    });
    expect(callsTo('voice:transcribe-recording')).toEqual([
      { recordingId: 'rec1', bytes: 6, requestId: 'r1', language: 'en' },
    ]);
  });

  it('answers null, so the caller sends the recording whole, when nothing was sent, a piece failed or the core lost it', async () => {
    const idle = setup();
    expect(await idle.upload.finish({ requestId: 'r1' })).toBeNull();
    idle.upload.discard();
    expect(idle.api.calls).toEqual([]);

    const failing = setup();
    failing.api.handle('voice:append-audio', () => ({
      ok: false,
      error: { code: 'internal', message: 'connection lost' },
    }));
    failing.upload.append(new Uint8Array(2));
    await settle();
    failing.upload.append(new Uint8Array(2));
    expect(failing.callsTo('voice:append-audio')).toHaveLength(1);
    expect(await failing.upload.finish({ requestId: 'r2' })).toBeNull();
    expect(failing.callsTo('voice:transcribe-recording')).toEqual([]);
    expect(failing.callsTo('voice:discard-recording')).toEqual([{ recordingId: 'rec1' }]);

    const forgotten = setup();
    forgotten.upload.append(new Uint8Array(2));
    forgotten.api.handle('voice:transcribe-recording', () => ({
      ok: false,
      error: { code: 'bad_request', message: 'unknown', details: { reason: 'recording_incomplete' } },
    }));
    expect(await forgotten.upload.finish({ requestId: 'r3' })).toBeNull();
  });

  it("passes whisper's own failures on", async () => {
    const { upload, api } = setup();
    upload.append(new Uint8Array(2));
    api.handle('voice:transcribe-recording', () => ({
      ok: false,
      error: { code: 'backend_failed', message: 'took too long', details: { reason: 'timeout' } },
    }));
    expect(await upload.finish({ requestId: 'r1' })).toMatchObject({
      ok: false,
      error: { details: { reason: 'timeout' } },
    });
  });
});
