// What a file chosen as a voice is, from the few facts its header gives, and the sentence that says why it will
// not speak when it will not. Pure: tts-model-check.ts reads the facts, this judges them.
import { TTS_ARCHITECTURES, type TtsArchitecture } from '@shared/audio/tts-schemas';
import type { ErrorReason } from '@shared/errors';

/** What the first bytes and the GGUF header say about a file. */
export type TtsFileFacts =
  | { format: 'gguf'; architecture: string | null; genProjector: string | null; name: string | null }
  | { format: 'whisper' }
  | { format: 'other' };

/** The mmproj projector that generates audio for each architecture (clip.gen.audio.projector_type). */
export const GEN_PROJECTOR: Record<TtsArchitecture, string> = {
  qwen3tts: 'qwen3tts_gen',
  pockettts: 'pockettts_gen',
};

/** The names people know the architectures by. */
export const TTS_LABEL: Record<TtsArchitecture, string> = { qwen3tts: 'Qwen3-TTS', pockettts: 'Pocket TTS' };

/** Architectures that cannot speak without a recording of the voice to imitate. */
const NEEDS_SPEAKER: ReadonlySet<TtsArchitecture> = new Set(['pockettts']);

const EMBEDDING_ARCHES = /^(bert|nomic-bert|nomic-bert-moe|jina-bert-v2|jina-bert-v3|modern-bert|neo-bert|t5encoder)$/;
/** OuteTTS's vocoder and the WavTokenizer: the layout llama-tts ran before it moved onto libmtmd. */
const OLD_TTS_ARCHES = /^(wavtokenizer-dec|outetts)/;

export type TtsJudgement =
  | { ok: true; architecture: TtsArchitecture; needsSpeaker: boolean }
  | { ok: false; reason: ErrorReason; problem: string };

export function isTtsArchitecture(value: string | null): value is TtsArchitecture {
  return (TTS_ARCHITECTURES as readonly (string | null)[]).includes(value);
}

/** The architecture whose mmproj this is, when it is an audio generator's mmproj. */
export function mmprojArchitecture(facts: TtsFileFacts): TtsArchitecture | null {
  if (facts.format !== 'gguf') return null;
  const found = TTS_ARCHITECTURES.find((arch) => GEN_PROJECTOR[arch] === facts.genProjector);
  return found ?? null;
}

/** Whether the file chosen as the model is a TTS model llama-tts runs; if not, what it is instead. */
export function judgeTtsModel(file: string, facts: TtsFileFacts): TtsJudgement {
  const refuse = (problem: string): TtsJudgement => ({ ok: false, reason: 'tts_not_tts_model', problem });
  if (facts.format === 'whisper')
    return refuse(`${file} is a whisper model (it turns speech into text), not a TTS model that speaks.`);
  if (facts.format === 'other')
    return refuse(`${file} is not a GGUF file: the neural voice needs a Qwen3-TTS or Pocket TTS GGUF model.`);
  const arch = facts.architecture;
  if (isTtsArchitecture(arch)) return { ok: true, architecture: arch, needsSpeaker: NEEDS_SPEAKER.has(arch) };
  if (arch === 'clip') {
    const owner = mmprojArchitecture(facts);
    return refuse(
      owner
        ? `${file} is the mmproj of a ${TTS_LABEL[owner]} voice, not the model itself: choose the model GGUF beside it.`
        : `${file} is an mmproj (a projector for a vision or audio chat model), not a TTS model.`,
    );
  }
  if (arch === null) return refuse(`${file} names no architecture: it is not a TTS model llama-tts can run.`);
  if (EMBEDDING_ARCHES.test(arch))
    return refuse(`${file} is an embedding model (architecture ${arch}), not a TTS model.`);
  if (OLD_TTS_ARCHES.test(arch))
    return refuse(
      `${file} is an OuteTTS-era model (architecture ${arch}) that llama-tts no longer runs: use Qwen3-TTS or Pocket TTS.`,
    );
  return refuse(`${file} is a chat model (architecture ${arch}), not a TTS model.`);
}

/** Whether `mmproj` generates audio for `arch`; the sentence when it does not. */
export function judgeMmproj(
  arch: TtsArchitecture,
  file: string,
  facts: TtsFileFacts,
): { ok: true } | { ok: false; reason: ErrorReason; problem: string } {
  const owner = mmprojArchitecture(facts);
  if (owner === arch) return { ok: true };
  const problem =
    facts.format !== 'gguf'
      ? `${file} is not a GGUF file, so it cannot be the mmproj of a ${TTS_LABEL[arch]} model.`
      : owner
        ? `${file} is the mmproj of a ${TTS_LABEL[owner]} voice, but the model is ${TTS_LABEL[arch]}: choose its own mmproj.`
        : facts.architecture === 'clip'
          ? `${file} is an mmproj that makes no audio (a projector for a chat model), not the ${TTS_LABEL[arch]} mmproj.`
          : `${file} is not an mmproj: the ${TTS_LABEL[arch]} model needs its mmproj-….gguf companion.`;
  return { ok: false, reason: 'tts_mmproj_mismatch', problem };
}

/** The sentence for a model whose mmproj was neither given nor found beside it. */
export function mmprojMissingProblem(arch: TtsArchitecture, folder: string): string {
  return (
    `No mmproj for this ${TTS_LABEL[arch]} model was found in ${folder}: ` +
    'put its mmproj-….gguf beside the model, or choose the mmproj file.'
  );
}

/** The sentence for a voice that needs a speaker recording and has none. */
export function speakerMissingProblem(arch: TtsArchitecture): string {
  return `${TTS_LABEL[arch]} needs a short recording of the voice to imitate (a few seconds of WAV or MP3): choose one.`;
}
