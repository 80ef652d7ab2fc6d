// voice:tts-* through the contract as both hosts call it (dispatchInvoke validates the input with the contract's
// schema), with the real core, llama-tts and the tiny random-weight Qwen3-TTS pair.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TtsCheck, TtsSpeech } from '@shared/audio/tts-schemas';
import { parseWavHeader } from '@shared/audio/wav';
import type { Result } from '@shared/errors';
import { testAssets } from '@test-support/test-assets';
import { requireTtsAssets, ttsAssets } from '@test-support/voice/tts-test-assets';
import { createTestCore } from '@test-support/test-core';
import type { Core } from '../../../core';
import { dispatchInvoke } from '../../ipc/dispatch';

let core: Core;
const call = (channel: string, input?: unknown): Promise<Result<unknown>> =>
  dispatchInvoke(core.handlers, channel, input);

beforeAll(async () => {
  requireTtsAssets();
  const dataDir = await mkdtemp(join(tmpdir(), 'eva-tts-core-'));
  core = await createTestCore(dataDir, { binDirs: [ttsAssets.binDir] });
});

afterAll(async () => {
  await core.dispose();
});

describe('voice:tts-* on the real core', () => {
  it('checks the files of a voice, naming a chat model for what it is', async () => {
    const good = (await call('voice:tts-check', { modelPath: ttsAssets.model })) as Result<TtsCheck>;
    expect(good).toEqual({
      ok: true,
      value: {
        ok: true,
        architecture: 'qwen3tts',
        mmprojPath: ttsAssets.mmproj,
        needsSpeaker: false,
        problem: null,
        reason: null,
      },
    });
    const chat = (await call('voice:tts-check', { modelPath: testAssets.tinyModel })) as Result<TtsCheck>;
    expect(chat).toMatchObject({ ok: true, value: { ok: false, reason: 'tts_not_tts_model' } });
    expect(chat.ok && chat.value.problem).toMatch(/is a chat model \(architecture llama\), not a TTS model/);
  });

  it('speaks a sentence into a WAV, and refuses an empty one or an unknown language before anything runs', async () => {
    const spoken = (await call('voice:tts-speak', {
      modelPath: ttsAssets.model,
      text: 'Hi.',
      language: 'en',
    })) as Result<TtsSpeech>;
    if (!spoken.ok) throw new Error(spoken.error.message);
    expect(spoken.value.sampleRate).toBe(24_000);
    expect(parseWavHeader(Buffer.from(spoken.value.wavBase64, 'base64')).durationMs).toBe(spoken.value.audioMs);
    expect(await call('voice:tts-speak', { modelPath: ttsAssets.model, text: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
    expect(await call('voice:tts-speak', { modelPath: ttsAssets.model, text: 'Hi.', language: 'xx' })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });

  it('a stop with nothing to stop stops nothing', async () => {
    expect(await call('voice:tts-stop')).toEqual({ ok: true, value: { stopped: 0 } });
    expect(await call('voice:tts-stop', { requestId: 'nobody' })).toEqual({ ok: true, value: { stopped: 0 } });
  });
});
