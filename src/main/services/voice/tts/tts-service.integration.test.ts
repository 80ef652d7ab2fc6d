// The neural voice against the real llama-tts and the tiny random-weight Qwen3-TTS and Pocket TTS pairs
// (scripts/fixtures/make-tts-model.ts): its speech is noise, but every process, file and failure path is the
// real one.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeWav16Mono, parseWavHeader } from '@shared/audio/wav';
import type { AppFailure } from '@shared/errors';
import { appFailureOf } from '@test-support/app-failure';
import { firstPid } from '@test-support/process/first-pid';
import { testAssets } from '@test-support/test-assets';
import { isRunning } from '@test-support/tools/process-state';
import { requireTtsAssets, ttsAssets } from '@test-support/voice/tts-test-assets';
import { whisperAssets } from '@test-support/voice/whisper-test-assets';
import { memoryLifecycle } from '../../process/process-lifecycle';
import { maxFramesFor, TTS_FRAMES_PER_SECOND } from './tts-args';
import { createTtsService } from './tts-service';

async function service() {
  const registry = memoryLifecycle();
  const tempRoot = await mkdtemp(join(tmpdir(), 'eva-tts-test-'));
  // One thread: the tiny model gains nothing from more, and busy-waiting threads crawl on a loaded machine.
  const tts = createTtsService({ binDirs: [ttsAssets.binDir], launch: registry.launch, tempRoot, threads: 1 });
  return { tts, registry, tempRoot };
}

/** Root mean square of a 16-bit mono WAV's samples, full scale = 1. */
function rms(wav: Uint8Array): number {
  const info = parseWavHeader(wav);
  const view = new DataView(wav.buffer, wav.byteOffset + info.dataOffset, info.frames * 2);
  let sum = 0;
  for (let i = 0; i < info.frames; i++) sum += (view.getInt16(2 * i, true) / 32768) ** 2;
  return Math.sqrt(sum / info.frames);
}

const voice = { modelPath: ttsAssets.model };
/** Long enough that the tiny model is still speaking when the test stops it. */
const LONG_TEXT = 'This sentence goes on and on. '.repeat(30).trim();

beforeAll(() => {
  requireTtsAssets();
});

describe('the neural voice with the real llama-tts', () => {
  it('speaks a sentence as a 24 kHz WAV of sound, finding the mmproj beside the model, and leaves nothing behind', async () => {
    const { tts, registry, tempRoot } = await service();
    const text = 'Hello there, how are you?';
    const speech = await tts.speak({ ...voice, text, language: 'en' });
    const wav = Buffer.from(speech.wavBase64, 'base64');
    const info = parseWavHeader(wav);
    expect(speech.sampleRate).toBe(24_000);
    expect(info).toMatchObject({ sampleRate: 24_000, channels: 1, bitsPerSample: 16, format: 1 });
    // Random weights rarely say "end of speech": the sentence runs to its frame limit, 80 ms a frame.
    const frameMs = 1000 / TTS_FRAMES_PER_SECOND;
    expect(speech.audioMs).toBeGreaterThan(0);
    expect(speech.audioMs).toBeLessThanOrEqual(maxFramesFor(text) * frameMs);
    expect(info.frames % ((24_000 * frameMs) / 1000)).toBe(0);
    expect(rms(wav)).toBeGreaterThan(0);
    expect(speech.synthMs).toBeGreaterThan(0);
    expect(registry.pids()).toEqual([]);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('stop kills the running synthesis at once, drops the waiting sentence, and leaves no process', async () => {
    const { tts, registry } = await service();
    const running = appFailureOf(tts.speak({ ...voice, text: LONG_TEXT, requestId: 'one' }));
    const waiting = appFailureOf(tts.speak({ ...voice, text: 'And then this.', requestId: 'two' }));
    const pid = await firstPid(registry, 'llama-tts', 30_000);
    expect(isRunning(pid)).toBe(true);
    expect(tts.stop()).toEqual({ stopped: 2 });
    const [first, second] = await Promise.all([running, waiting]);
    expect(first.details?.reason).toBe('tts_stopped');
    expect(second.details?.reason).toBe('tts_stopped');
    expect(isRunning(pid)).toBe(false);
    expect(registry.pids()).toEqual([]);
  });

  it('refuses a third sentence while two are held, and takes the next one once a place is free', async () => {
    const { tts, registry } = await service();
    const one = tts.speak({ ...voice, text: LONG_TEXT, requestId: 'a' }).catch((error: unknown) => error);
    const two = tts.speak({ ...voice, text: 'Short.', requestId: 'b' });
    const busy = await appFailureOf(tts.speak({ ...voice, text: 'Too far ahead.' }));
    expect(busy.details?.reason).toBe('tts_busy');
    await firstPid(registry, 'llama-tts', 30_000);
    expect(tts.stop('a')).toEqual({ stopped: 1 });
    expect(((await one) as AppFailure).details?.reason).toBe('tts_stopped');
    const spoken = await two;
    expect(parseWavHeader(Buffer.from(spoken.wavBase64, 'base64')).sampleRate).toBe(24_000);
  });

  it('gives the sentence for a wrong file and starts nothing', async () => {
    const { tts, registry } = await service();
    const chat = await appFailureOf(tts.speak({ modelPath: testAssets.tinyModel, text: 'Hello.' }));
    expect(chat.code).toBe('model_invalid');
    expect(chat.details?.reason).toBe('tts_not_tts_model');
    expect(chat.message).toBe(`${testAssets.tinyModel} is a chat model (architecture llama), not a TTS model.`);
    const whisper = await appFailureOf(tts.speak({ modelPath: whisperAssets.tinyModel, text: 'Hello.' }));
    expect(whisper.message).toMatch(/is a whisper model \(it turns speech into text\), not a TTS model/);
    const mmproj = await appFailureOf(tts.speak({ modelPath: ttsAssets.mmproj, text: 'Hello.' }));
    expect(mmproj.message).toMatch(/is the mmproj of a Qwen3-TTS voice, not the model itself/);
    const wrongMmproj = await appFailureOf(tts.speak({ ...voice, mmprojPath: testAssets.tinyModel, text: 'Hello.' }));
    expect(wrongMmproj.details?.reason).toBe('tts_mmproj_mismatch');
    expect(registry.pids()).toEqual([]);
    expect(await tts.check(voice)).toMatchObject({ ok: true, architecture: 'qwen3tts', mmprojPath: ttsAssets.mmproj });
  });

  it('speaks with Pocket TTS in the voice of a recording, and asks for one when there is none', async () => {
    const { tts, registry, tempRoot } = await service();
    const pocket = { modelPath: ttsAssets.pocketModel, mmprojPath: ttsAssets.pocketMmproj };
    const without = await appFailureOf(tts.speak({ ...pocket, text: 'Hello there.' }));
    expect(without.details?.reason).toBe('tts_speaker_required');
    expect(without.message).toMatch(/Pocket TTS needs a short recording of the voice to imitate/);
    const speakerPath = join(tempRoot, 'speaker.wav');
    const tone = Float32Array.from({ length: 24_000 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / 24_000));
    await writeFile(speakerPath, encodeWav16Mono(tone, 24_000));
    const speech = await tts.speak({ ...pocket, speakerPath, text: 'Hello there.', language: 'en' });
    const wav = Buffer.from(speech.wavBase64, 'base64');
    expect(parseWavHeader(wav).sampleRate).toBe(24_000);
    expect(speech.audioMs).toBeGreaterThan(0);
    expect(rms(wav)).toBeGreaterThan(0);
    expect(registry.pids()).toEqual([]);
  });

  it('says llama-tts is not built when no bin dir has it', async () => {
    const registry = memoryLifecycle();
    const tts = createTtsService({ binDirs: [join(tmpdir(), 'eva-no-bin')], launch: registry.launch });
    const missing = await appFailureOf(tts.speak({ ...voice, text: 'Hello.' }));
    expect(missing.details?.reason).toBe('tts_binary_missing');
    expect(missing.message).toMatch(/llama-tts is not built .*npm run backend:build/);
  });
});
