// voice:* through the contract as both hosts call it (dispatchInvoke validates the
// input with the contract's schema), with the real core, whisper-cli and tiny model.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToBase64 } from '@shared/audio/base64';
import { toWhisperWav } from '@shared/audio/whisper-wav';
import type { Result } from '@shared/errors';
import { createTestCore } from '@test-support/test-core';
import type { Core } from '../../core';
import { dispatchInvoke } from '../ipc/dispatch';
import { requireWhisperAssets, whisperAssets } from '@test-support/voice/whisper-test-assets';

let core: Core;
const call = (channel: string, input?: unknown): Promise<Result<unknown>> =>
  dispatchInvoke(core.handlers, channel, input);
const wavBase64 = bytesToBase64(
  toWhisperWav([Float32Array.from({ length: 44_100 * 2 }, (_, i) => 0.2 * Math.sin(i / 20))], 44_100),
);

beforeAll(async () => {
  requireWhisperAssets();
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-voice-core-'));
  core = await createTestCore(dataDir, { binDirs: [whisperAssets.binDir] });
});

afterAll(async () => {
  await core.dispose();
});

describe('voice channels on the real core', () => {
  it('a fresh install has no model configured, and transcribe says to pick one', async () => {
    expect(core.settings.get().voice).toEqual({ modelPath: '', language: 'auto' });
    const status = await call('voice:status');
    expect(status).toMatchObject({ ok: true, value: { binaryPath: whisperAssets.cli, model: 'not_configured' } });
    const result = await call('voice:transcribe', { wavBase64 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'model_missing', details: { reason: 'model_not_configured' } },
    });
  });

  it('with a model set in settings, a WAV comes back as text', async () => {
    const updated = await call('settings:update', { voice: { modelPath: whisperAssets.tinyModel, language: 'en' } });
    expect(updated.ok).toBe(true);
    expect(await call('voice:status')).toMatchObject({
      ok: true,
      value: { model: 'ok', language: 'en', problem: null },
    });
    const result = await call('voice:transcribe', { wavBase64, requestId: 'v1' });
    if (!result.ok) throw new Error(result.error.message);
    const value = result.value as { text: string; durationMs: number; audioMs: number };
    expect(value.text.length).toBeGreaterThan(0);
    expect(value.audioMs).toBe(2000);
  });

  it('a recording sent piece by piece while it is made comes back as text', async () => {
    const pcm = Buffer.from(wavBase64, 'base64').subarray(44);
    const half = pcm.length / 2;
    expect(
      await call('voice:append-audio', {
        recordingId: 'm1',
        offset: 0,
        pcmBase64: pcm.subarray(0, half).toString('base64'),
      }),
    ).toEqual({ ok: true, value: { bytes: half } });
    expect(
      await call('voice:append-audio', {
        recordingId: 'm1',
        offset: half,
        pcmBase64: pcm.subarray(half).toString('base64'),
      }),
    ).toEqual({ ok: true, value: { bytes: pcm.length } });
    const result = await call('voice:transcribe-recording', { recordingId: 'm1', bytes: pcm.length, requestId: 'v2' });
    expect(result).toMatchObject({ ok: true, value: { audioMs: 2000 } });
    expect(await call('voice:transcribe-recording', { recordingId: 'm1', bytes: pcm.length })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', details: { reason: 'recording_incomplete' } },
    });
    expect(await call('voice:discard-recording', { recordingId: 'm1' })).toEqual({
      ok: true,
      value: { discarded: false },
    });
  });

  it('the boundary refuses bad input before any work', async () => {
    expect(await call('voice:transcribe', { wavBase64: 'not base64!' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await call('voice:transcribe', { wavBase64, language: 'xx' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await call('settings:update', { voice: { modelPath: 'x' } })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await call('voice:cancel', { requestId: 'nothing-running' })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    expect(await call('voice:append-audio', { recordingId: 'm2', offset: 0, pcmBase64: 'not base64!' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await call('voice:append-audio', { recordingId: 'm2', offset: 0, pcmBase64: 'AA==' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request', details: { reason: 'audio_invalid' } },
    });
  });
});
