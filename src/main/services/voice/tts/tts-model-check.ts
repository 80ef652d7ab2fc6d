// A look at the files of a voice before llama-tts is started, so "no such file", "that is a chat model", "its
// mmproj is missing" and "Pocket TTS needs a speaker recording" get their own sentences. Only headers are read
// (a few KB of a multi-GB file); llama-tts's loader still has the last word (a truncated file passes here).
import { open, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { TtsArchitecture, TtsCheck, TtsVoiceFiles } from '@shared/audio/tts-schemas';
import { AppFailure, errorText, type ErrorReason } from '@shared/errors';
import { readGgufHeader } from '../../backend/gguf/gguf-reader';
import {
  judgeMmproj,
  judgeTtsModel,
  mmprojArchitecture,
  mmprojMissingProblem,
  speakerMissingProblem,
  type TtsFileFacts,
} from './tts-model-kind';

const GGUF_MAGIC = 'GGUF';
/** whisper.cpp's ggml magic 0x67676d6c, as the little-endian bytes a model file starts with. */
const WHISPER_MAGIC = 'lmgg';
const KEYS = ['general.architecture', 'general.name', 'clip.gen.audio.projector_type'];

/** The facts of one file; throws AppFailure(no_such_file) when it cannot be read at all. */
export async function readTtsFileFacts(path: string): Promise<TtsFileFacts> {
  let magic: string;
  try {
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(4);
      const { bytesRead } = await handle.read(head, 0, 4, 0);
      magic = head.subarray(0, bytesRead).toString('latin1');
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' || code === 'ENOTDIR'
        ? 'does not exist'
        : code === 'EISDIR'
          ? 'is a folder, not a file'
          : `cannot be read (${code ?? errorText(error)})`;
    throw new AppFailure('model_missing', `${path} ${why}.`, { reason: 'no_such_file', path });
  }
  if (magic === WHISPER_MAGIC) return { format: 'whisper' };
  if (magic !== GGUF_MAGIC) return { format: 'other' };
  // A GGUF header that does not parse is a damaged file, which is "not one llama-tts can run" as far as we can tell.
  const header = await readGgufHeader(path, { keys: KEYS }).catch(() => null);
  if (!header) return { format: 'other' };
  const text = (key: string) => {
    const value = header.metadata.get(key);
    return typeof value === 'string' ? value : null;
  };
  return {
    format: 'gguf',
    architecture: text('general.architecture'),
    genProjector: text('clip.gen.audio.projector_type'),
    name: text('general.name'),
  };
}

/** The mmproj beside a model: a GGUF in the same folder with "mmproj" in its name that generates audio for `arch`. */
export async function findMmprojBeside(modelPath: string, arch: TtsArchitecture): Promise<string | null> {
  const folder = dirname(modelPath);
  // A folder that cannot be listed has no mmproj to offer; the check then asks the user to choose one.
  const names = await readdir(folder).catch(() => [] as string[]);
  const candidates = names
    .filter((name) => /mmproj/i.test(name) && /\.gguf$/i.test(name) && name !== basename(modelPath))
    .sort();
  for (const name of candidates) {
    const path = join(folder, name);
    // An unreadable candidate is just not the mmproj; the others are still tried.
    const facts = await readTtsFileFacts(path).catch(() => null);
    if (facts && mmprojArchitecture(facts) === arch) return path;
  }
  return null;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

/** Whether these files make a voice llama-tts can speak with, and, if not, the first thing wrong. */
export async function checkTtsVoice(files: TtsVoiceFiles): Promise<TtsCheck> {
  const refused = (reason: ErrorReason, problem: string, found: Partial<TtsCheck> = {}): TtsCheck => ({
    ok: false,
    architecture: null,
    mmprojPath: null,
    needsSpeaker: false,
    ...found,
    problem,
    reason,
  });
  let model: TtsFileFacts;
  try {
    model = await readTtsFileFacts(files.modelPath);
  } catch (error) {
    return refused('no_such_file', errorText(error));
  }
  const judged = judgeTtsModel(files.modelPath, model);
  if (!judged.ok) return refused(judged.reason, judged.problem);
  const { architecture, needsSpeaker } = judged;
  const found = { architecture, needsSpeaker };

  let mmprojPath = files.mmprojPath ?? null;
  if (mmprojPath === null) {
    mmprojPath = await findMmprojBeside(files.modelPath, architecture);
    if (mmprojPath === null)
      return refused('tts_mmproj_missing', mmprojMissingProblem(architecture, dirname(files.modelPath)), found);
  } else {
    let mmproj: TtsFileFacts;
    try {
      mmproj = await readTtsFileFacts(mmprojPath);
    } catch (error) {
      return refused('no_such_file', errorText(error), found);
    }
    const fits = judgeMmproj(architecture, mmprojPath, mmproj);
    if (!fits.ok) return refused(fits.reason, fits.problem, found);
  }

  if (files.speakerPath !== undefined && !(await isFile(files.speakerPath)))
    return refused('no_such_file', `The speaker recording ${files.speakerPath} does not exist.`, {
      ...found,
      mmprojPath,
    });
  if (needsSpeaker && files.speakerPath === undefined)
    return refused('tts_speaker_required', speakerMissingProblem(architecture), { ...found, mmprojPath });
  return { ok: true, architecture, mmprojPath, needsSpeaker, problem: null, reason: null };
}
