// The voice file check on real files: GGUF headers written by the fixture writer (no tensors), a whisper file's
// magic, text, folders and missing paths, each getting the sentence that says what the file is.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGguf, kv, type GgufKv } from '@scripts/fixtures/gguf-writer';
import { checkTtsVoice, findMmprojBeside, readTtsFileFacts } from './tts-model-check';

let dir: string;
const gguf = (name: string, metadata: Record<string, GgufKv>) => writeFile(join(dir, name), encodeGguf({ metadata }));
const path = (name: string) => join(dir, name);
const mmproj = (projector: string) => ({
  'general.architecture': kv.str('clip'),
  'clip.has_gen_audio_encoder': kv.bool(true),
  'clip.gen.audio.projector_type': kv.str(projector),
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-tts-check-'));
  await mkdir(join(dir, 'qwen'));
  await writeFile(
    join(dir, 'qwen', 'Qwen3-TTS-1.7B-Q8_0.gguf'),
    encodeGguf({ metadata: { 'general.architecture': kv.str('qwen3tts') } }),
  );
  await writeFile(
    join(dir, 'qwen', 'mmproj-Qwen3-TTS-1.7B-F16.gguf'),
    encodeGguf({ metadata: mmproj('qwen3tts_gen') }),
  );
  // A vision mmproj in the same folder is passed over: it makes no audio.
  await writeFile(join(dir, 'qwen', 'a-mmproj-vision.gguf'), encodeGguf({ metadata: mmproj('') }));
  await mkdir(join(dir, 'lonely'));
  await writeFile(
    join(dir, 'lonely', 'qwen3tts.gguf'),
    encodeGguf({ metadata: { 'general.architecture': kv.str('qwen3tts') } }),
  );
  await gguf('pocket.gguf', { 'general.architecture': kv.str('pockettts') });
  await gguf('mmproj-pocket.gguf', mmproj('pockettts_gen'));
  await gguf('llama.gguf', { 'general.architecture': kv.str('llama'), 'general.name': kv.str('Llama 3') });
  await gguf('bge.gguf', { 'general.architecture': kv.str('bert') });
  await gguf('vision-mmproj.gguf', {
    'general.architecture': kv.str('clip'),
    'clip.has_vision_encoder': kv.bool(true),
  });
  await writeFile(path('ggml-base.bin'), Buffer.from([0x6c, 0x6d, 0x67, 0x67, 1, 2, 3, 4]));
  await writeFile(path('notes.txt'), 'not a model');
  await writeFile(path('speaker.wav'), Buffer.alloc(64));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('checkTtsVoice', () => {
  it('finds the Qwen3-TTS mmproj beside the model and needs no speaker', async () => {
    const check = await checkTtsVoice({ modelPath: join(dir, 'qwen', 'Qwen3-TTS-1.7B-Q8_0.gguf') });
    expect(check).toEqual({
      ok: true,
      architecture: 'qwen3tts',
      mmprojPath: join(dir, 'qwen', 'mmproj-Qwen3-TTS-1.7B-F16.gguf'),
      needsSpeaker: false,
      problem: null,
      reason: null,
    });
  });

  it('says a chat model is a chat model, not a TTS model', async () => {
    const check = await checkTtsVoice({ modelPath: path('llama.gguf') });
    expect(check).toMatchObject({ ok: false, reason: 'tts_not_tts_model', architecture: null });
    expect(check.problem).toBe(`${path('llama.gguf')} is a chat model (architecture llama), not a TTS model.`);
  });

  it('names an embedding model, a whisper model, an mmproj and a file that is no GGUF for what they are', async () => {
    const problem = async (name: string) => (await checkTtsVoice({ modelPath: path(name) })).problem;
    expect(await problem('bge.gguf')).toMatch(/is an embedding model \(architecture bert\), not a TTS model/);
    expect(await problem('ggml-base.bin')).toMatch(/is a whisper model \(it turns speech into text\), not a TTS model/);
    expect(await problem('mmproj-pocket.gguf')).toMatch(/is the mmproj of a Pocket TTS voice, not the model itself/);
    expect(await problem('vision-mmproj.gguf')).toMatch(
      /is an mmproj \(a projector for a vision or audio chat model\)/,
    );
    expect(await problem('notes.txt')).toMatch(/is not a GGUF file/);
  });

  it('refuses a missing model or a folder with no_such_file', async () => {
    expect(await checkTtsVoice({ modelPath: path('gone.gguf') })).toMatchObject({
      ok: false,
      reason: 'no_such_file',
      problem: `${path('gone.gguf')} does not exist.`,
    });
    expect((await checkTtsVoice({ modelPath: join(dir, 'qwen') })).problem).toMatch(/is a folder, not a file/);
  });

  it('says when no mmproj is beside the model, naming the folder', async () => {
    const check = await checkTtsVoice({ modelPath: join(dir, 'lonely', 'qwen3tts.gguf') });
    expect(check).toMatchObject({ ok: false, reason: 'tts_mmproj_missing', architecture: 'qwen3tts' });
    expect(check.problem).toContain(join(dir, 'lonely'));
  });

  it("refuses another voice's mmproj, and a file that is no mmproj at all", async () => {
    const model = join(dir, 'qwen', 'Qwen3-TTS-1.7B-Q8_0.gguf');
    const other = await checkTtsVoice({ modelPath: model, mmprojPath: path('mmproj-pocket.gguf') });
    expect(other).toMatchObject({ ok: false, reason: 'tts_mmproj_mismatch' });
    expect(other.problem).toMatch(/is the mmproj of a Pocket TTS voice, but the model is Qwen3-TTS/);
    const chat = await checkTtsVoice({ modelPath: model, mmprojPath: path('llama.gguf') });
    expect(chat.problem).toMatch(/is not an mmproj: the Qwen3-TTS model needs its mmproj/);
  });

  it('asks for a speaker recording for Pocket TTS, and accepts one that exists', async () => {
    const files = { modelPath: path('pocket.gguf'), mmprojPath: path('mmproj-pocket.gguf') };
    expect(await checkTtsVoice(files)).toMatchObject({
      ok: false,
      reason: 'tts_speaker_required',
      architecture: 'pockettts',
      needsSpeaker: true,
    });
    expect(await checkTtsVoice({ ...files, speakerPath: path('gone.wav') })).toMatchObject({ reason: 'no_such_file' });
    expect(await checkTtsVoice({ ...files, speakerPath: path('speaker.wav') })).toMatchObject({
      ok: true,
      needsSpeaker: true,
    });
  });
});

describe('the file facts', () => {
  it('reads the architecture and the audio projector from the header, and tells whisper from other bytes', async () => {
    expect(await readTtsFileFacts(path('mmproj-pocket.gguf'))).toEqual({
      format: 'gguf',
      architecture: 'clip',
      genProjector: 'pockettts_gen',
      name: null,
    });
    expect(await readTtsFileFacts(path('ggml-base.bin'))).toEqual({ format: 'whisper' });
    expect(await readTtsFileFacts(path('notes.txt'))).toEqual({ format: 'other' });
  });

  it('finds no mmproj in a folder without one', async () => {
    expect(await findMmprojBeside(join(dir, 'lonely', 'qwen3tts.gguf'), 'qwen3tts')).toBeNull();
    expect(await findMmprojBeside(path('pocket.gguf'), 'pockettts')).toBe(path('mmproj-pocket.gguf'));
  });
});
