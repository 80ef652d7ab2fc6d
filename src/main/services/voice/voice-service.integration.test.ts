// The voice service against the real whisper-cli and the tiny random-weight model
// (scripts/fixtures/make-whisper-model.ts): its transcripts are nonsense words, but
// every process, file and failure path is the real one.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToBase64 } from '@shared/audio/base64';
import type { VoiceSettings } from '@shared/audio/voice-schemas';
import { toWhisperWav } from '@shared/audio/whisper-wav';
import { appFailureOf } from '@test-support/app-failure';
import { firstPid } from '@test-support/process/first-pid';
import { seededRandom } from '@test-support/seeded-random';
import { isAlive } from '../process/kill-tree';
import { memoryLifecycle } from '../process/process-lifecycle';
import { createVoiceService, type VoiceServiceDeps } from './voice-service';
import { requireWhisperAssets, whisperAssets } from '@test-support/voice/whisper-test-assets';

/** A 48 kHz stereo capture of a tone in noise, as the renderer would convert it. */
function recording(seconds: number): string {
  const random = seededRandom(42);
  const rate = 48_000;
  const left = Float32Array.from(
    { length: rate * seconds },
    (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / rate) + 0.05 * (random() - 0.5),
  );
  return bytesToBase64(toWhisperWav([left, left.map((s) => s * 0.8)], rate));
}

const short = recording(3);
let long = '';

async function service(overrides: Partial<VoiceServiceDeps> & { voice?: Partial<VoiceSettings> } = {}) {
  const registry = memoryLifecycle();
  const tempRoot = await mkdtemp(join(tmpdir(), 'eva-voice-test-'));
  const voice: VoiceSettings = { modelPath: whisperAssets.tinyModel, language: 'en', ...overrides.voice };
  const svc = createVoiceService({
    binDirs: [whisperAssets.binDir],
    launch: registry.launch,
    settings: () => voice,
    tempRoot,
    ...overrides,
  });
  return { svc, registry, tempRoot };
}

beforeAll(() => {
  requireWhisperAssets();
  long = recording(60); // ~5 s of work for the tiny model: long enough to stop it mid-run
});

describe('voice service with the real whisper-cli', () => {
  it('transcribes a recording, the same way every time, and leaves no temp files', async () => {
    const { svc, tempRoot } = await service();
    const first = await svc.transcribe({ wavBase64: short });
    expect(first.text.length).toBeGreaterThan(0);
    // The tiny model's vocabulary is printable ASCII and lowercase words, on one line.
    expect(first.text).toMatch(/^[!-~][ -~]*$/);
    expect(first.audioMs).toBe(3000);
    expect(first.durationMs).toBeGreaterThan(0);
    const again = await svc.transcribe({ wavBase64: short, language: 'zh' });
    expect(again.text.length).toBeGreaterThan(0);
    expect((await svc.transcribe({ wavBase64: short })).text).toBe(first.text);
    await expect.poll(() => readdir(tempRoot)).toEqual([]);
  });

  it('transcribes a recording sent piece by piece as it would the same audio sent whole', async () => {
    const { svc, tempRoot } = await service();
    const pcm = Buffer.from(short, 'base64').subarray(44);
    let offset = 0;
    for (const size of [4096, 4096, 1000, pcm.length - 9192]) {
      expect(
        svc.appendAudio({
          recordingId: 'm1',
          offset,
          pcmBase64: pcm.subarray(offset, offset + size).toString('base64'),
        }),
      ).toEqual({ bytes: offset + size });
      offset += size;
    }
    const streamed = await svc.transcribeRecording({ recordingId: 'm1', bytes: pcm.length, requestId: 's1' });
    expect(streamed.audioMs).toBe(3000);
    expect(streamed.text).toBe((await svc.transcribe({ wavBase64: short })).text);
    await expect.poll(() => readdir(tempRoot)).toEqual([]);
  });

  it('refuses a recording it lacks part of, so the page sends it whole; forgets a dropped one', async () => {
    const { svc, registry } = await service();
    const piece = Buffer.alloc(4096).toString('base64');
    svc.appendAudio({ recordingId: 'gap', offset: 0, pcmBase64: piece });
    expect((await appFailureOf(svc.transcribeRecording({ recordingId: 'gap', bytes: 8192 }))).details?.reason).toBe(
      'recording_incomplete',
    );
    expect(
      (await appFailureOf(svc.transcribeRecording({ recordingId: 'never-sent', bytes: 4096 }))).details?.reason,
    ).toBe('recording_incomplete');
    expect(() => svc.appendAudio({ recordingId: 'late', offset: 4096, pcmBase64: piece })).toThrow(
      /does not have the start/,
    );
    svc.appendAudio({ recordingId: 'dropped', offset: 0, pcmBase64: piece });
    expect(svc.discardRecording('dropped')).toEqual({ discarded: true });
    expect(svc.discardRecording('dropped')).toEqual({ discarded: false });
    expect(registry.pids()).toEqual([]);
  });

  // Three whisper runs in a row: a few seconds alone, several times that on a busy 2-core machine.
  it('runs concurrent requests one after another, all succeeding', { timeout: 120_000 }, async () => {
    const { svc, registry } = await service();
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, registry.pids().length)), 5);
    const results = await Promise.all(
      [1, 2, 3].map((n) => svc.transcribe({ wavBase64: short, requestId: `q${n}` })),
    ).finally(() => clearInterval(watch));
    expect(results.map((r) => r.text.length > 0)).toEqual([true, true, true]);
    expect(most).toBe(1);
  });

  it('no model configured: says to pick one in settings', async () => {
    const { svc } = await service({ voice: { modelPath: '' } });
    const error = await appFailureOf(svc.transcribe({ wavBase64: short }));
    expect(error.code).toBe('model_missing');
    expect(error.details?.reason).toBe('model_not_configured');
    expect(error.message).toMatch(/Settings → Voice/);
    expect((await svc.status()).problem).toMatch(/Settings → Voice/);
  });

  it('missing model file', async () => {
    const { svc } = await service({ voice: { modelPath: join(tmpdir(), 'no-such-ggml-model.bin') } });
    const error = await appFailureOf(svc.transcribe({ wavBase64: short }));
    expect(error.code).toBe('model_missing');
    expect(error.details?.reason).toBe('model_missing');
    expect(error.message).toContain('no-such-ggml-model.bin');
  });

  it('corrupt model: not a ggml file at all, and a truncated real one that only whisper-cli can catch', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-voice-model-'));
    const garbage = join(dir, 'garbage.bin');
    await writeFile(garbage, 'this is not a model, just some text');
    const notModel = await appFailureOf(
      (await service({ voice: { modelPath: garbage } })).svc.transcribe({ wavBase64: short }),
    );
    expect(notModel.code).toBe('model_invalid');
    expect(notModel.message).toMatch(/not a whisper\.cpp ggml model/);

    const truncated = join(dir, 'truncated.bin');
    await writeFile(truncated, (await readFile(whisperAssets.tinyModel)).subarray(0, 1_000_000));
    const { svc, tempRoot } = await service({ voice: { modelPath: truncated } });
    const error = await appFailureOf(svc.transcribe({ wavBase64: short }));
    expect(error.code).toBe('model_invalid');
    expect(error.message).toContain('truncated.bin');
    expect(error.details?.stderrTail).toEqual(
      expect.arrayContaining([expect.stringMatching(/failed to initialize whisper context/)]),
    );
    await expect.poll(() => readdir(tempRoot)).toEqual([]);
  });

  it('audio whisper-cli cannot read: exit 0 without a transcript is still an error', async () => {
    const { svc } = await service();
    // A header our check accepts (extensible PCM) whose missing extension makes whisper-cli's decoder give up.
    const wav = Buffer.from(short, 'base64');
    wav.writeUInt16LE(0xfffe, 20);
    const error = await appFailureOf(svc.transcribe({ wavBase64: wav.toString('base64') }));
    expect(error.code).toBe('bad_request');
    expect(error.details?.reason).toBe('audio_invalid');
    expect(error.details?.stderrTail).toEqual(expect.arrayContaining([expect.stringMatching(/failed to read audio/)]));

    const notWav = await appFailureOf(svc.transcribe({ wavBase64: Buffer.from('hello').toString('base64') }));
    expect(notWav.details?.reason).toBe('audio_invalid');
    expect(notWav.message).toMatch(/not a WAV file/);
  });

  it('whisper-cli not built: says to run the build', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'eva-no-bin-'));
    const { svc } = await service({ binDirs: [empty] });
    const error = await appFailureOf(svc.transcribe({ wavBase64: short }));
    expect(error.code).toBe('backend_missing');
    expect(error.message).toMatch(/npm run backend:build/);
    const status = await svc.status();
    expect(status.binaryPath).toBeNull();
    expect(status.problem).toMatch(/npm run backend:build/);
  });

  it('status of a working setup has no problem', async () => {
    const { svc } = await service();
    expect(await svc.status()).toEqual({
      binaryPath: whisperAssets.cli,
      modelPath: whisperAssets.tinyModel,
      model: 'ok',
      language: 'en',
      problem: null,
    });
  });

  it('cancel stops the run mid-way and the process is gone', async () => {
    const { svc, registry, tempRoot } = await service();
    const run = appFailureOf(svc.transcribe({ wavBase64: long, requestId: 'c1' }));
    const pid = await firstPid(registry, 'whisper-cli', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(svc.cancel('c1')).toEqual({ cancelled: true });
    const error = await run;
    expect(error.details?.reason).toBe('cancelled');
    expect(isAlive(pid)).toBe(false);
    expect(svc.cancel('c1')).toEqual({ cancelled: false });
    await expect.poll(() => readdir(tempRoot)).toEqual([]);
  });

  it('killed from outside mid-run: reported as killed', async () => {
    const { svc, registry } = await service();
    const run = appFailureOf(svc.transcribe({ wavBase64: long }));
    const pid = await firstPid(registry, 'whisper-cli', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    process.kill(pid, 'SIGKILL');
    const error = await run;
    expect(error.code).toBe('backend_failed');
    expect(error.details?.reason).toBe('killed');
    expect(error.message).toMatch(/SIGKILL/);
  });

  it('timeout stops the whole process tree and says how long it waited', async () => {
    const { svc, registry } = await service({ timeoutMs: () => 400 });
    const run = appFailureOf(svc.transcribe({ wavBase64: long }));
    const pid = await firstPid(registry, 'whisper-cli', 10_000);
    const error = await run;
    expect(error.details?.reason).toBe('timeout');
    expect(error.message).toMatch(/longer than 0\.4 s/);
    expect(isAlive(pid)).toBe(false);
  });
});
