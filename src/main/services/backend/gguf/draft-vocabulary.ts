// Whether a draft model can speculate for a target: both must speak the same
// vocabulary, since the target checks the draft's token ids as its own. The test
// is llama.cpp's own (common/speculative.cpp in the llama.cpp we build): the same
// tokenizer, the same BOS and EOS where they are added, token counts at most 128
// apart (a model family pads its larger members' vocabularies), and the same text
// for every token from id 5 on. It runs before the start because llama-server
// does not refuse a mismatch: it logs "the target and draft vocabs are not
// compatible" and answers without speculation, so the user would see nothing.
import { basename } from 'node:path';
import { AppFailure } from '@shared/errors';
import { readGgufHeader } from './gguf-reader';
import type { GgufValue } from './gguf-values';

/** As llama.cpp's SPEC_VOCAB_MAX_SIZE_DIFFERENCE and SPEC_VOCAB_CHECK_START_TOKEN_ID. */
export const MAX_VOCAB_SIZE_DIFFERENCE = 128;
const FIRST_COMPARED_TOKEN = 5;
/** A token quoted in a sentence is cut here: a vocabulary may hold long strings. */
const QUOTED_TOKEN_CHARS = 40;

/** What of a vocabulary decides whether two models can share drafts. */
export interface Vocabulary {
  /** tokenizer.ggml.model: llama (SentencePiece), gpt2 (BPE), …; null without a vocabulary */
  tokenizer: string | null;
  tokens: readonly string[];
  /** tokenizer.ggml.add_bos_token / add_eos_token as the header says them; undefined: the tokenizer's default */
  addBos?: boolean;
  addEos?: boolean;
  bos?: number;
  eos?: number;
}

/** How two vocabularies differ: the first difference llama.cpp's test would find. */
export type VocabularyMismatch =
  | { kind: 'tokenizer'; target: string; draft: string }
  | { kind: 'size'; target: number; draft: number }
  | { kind: 'token'; id: number; target: string; draft: string }
  | { kind: 'special_use'; which: 'BOS' | 'EOS'; modelAdds: boolean }
  | { kind: 'special_id'; which: 'BOS' | 'EOS'; target: number; draft: number };

const KEYS = {
  tokenizer: 'tokenizer.ggml.model',
  tokens: 'tokenizer.ggml.tokens',
  addBos: 'tokenizer.ggml.add_bos_token',
  addEos: 'tokenizer.ggml.add_eos_token',
  bos: 'tokenizer.ggml.bos_token_id',
  eos: 'tokenizer.ggml.eos_token_id',
} as const;

/** The vocabulary in a GGUF header (the token list is decoded: about 100 ms for 150k tokens). */
export async function readVocabulary(path: string): Promise<Vocabulary> {
  const header = await readGgufHeader(path, { keys: Object.values(KEYS), keepArrays: [KEYS.tokens] });
  const get = (key: string): GgufValue | undefined => header.metadata.get(key);
  const tokenizer = get(KEYS.tokenizer);
  const tokens = get(KEYS.tokens);
  const list = typeof tokens === 'object' ? (tokens.values ?? []) : [];
  return {
    tokenizer: typeof tokenizer === 'string' && tokenizer !== '' ? tokenizer : null,
    tokens: list.map((token) => (typeof token === 'string' ? token : String(token))),
    ...flag('addBos', get(KEYS.addBos)),
    ...flag('addEos', get(KEYS.addEos)),
    ...id('bos', get(KEYS.bos)),
    ...id('eos', get(KEYS.eos)),
  };
}

function flag<K extends string>(name: K, value: GgufValue | undefined): Partial<Record<K, boolean>> {
  return typeof value === 'boolean' ? ({ [name]: value } as Record<K, boolean>) : {};
}

function id<K extends string>(name: K, value: GgufValue | undefined): Partial<Record<K, number>> {
  const n = typeof value === 'bigint' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? ({ [name]: n } as Record<K, number>) : {};
}

/** The first way `draft` cannot draft for `target`; null when it can. */
export function vocabularyMismatch(target: Vocabulary, draft: Vocabulary): VocabularyMismatch | null {
  if (target.tokenizer !== draft.tokenizer)
    return { kind: 'tokenizer', target: target.tokenizer ?? 'none', draft: draft.tokenizer ?? 'none' };
  for (const which of ['BOS', 'EOS'] as const) {
    const special = specialMismatch(which, target, draft);
    if (special) return special;
  }
  if (Math.abs(target.tokens.length - draft.tokens.length) > MAX_VOCAB_SIZE_DIFFERENCE)
    return { kind: 'size', target: target.tokens.length, draft: draft.tokens.length };
  const shared = Math.min(target.tokens.length, draft.tokens.length);
  for (let i = FIRST_COMPARED_TOKEN; i < shared; i++)
    if (target.tokens[i] !== draft.tokens[i])
      return { kind: 'token', id: i, target: quoted(target.tokens[i]!), draft: quoted(draft.tokens[i]!) };
  return null;
}

// llama.cpp compares whether the token is added and, where the target adds it, its id. A flag one header leaves to
// the tokenizer's default is not known here; with the same tokenizer both defaults agree, so only two flags stated
// and different count, and ids are compared unless the target says it adds none.
function specialMismatch(which: 'BOS' | 'EOS', target: Vocabulary, draft: Vocabulary): VocabularyMismatch | null {
  const [addTarget, addDraft] = which === 'BOS' ? [target.addBos, draft.addBos] : [target.addEos, draft.addEos];
  if (addTarget !== undefined && addDraft !== undefined && addTarget !== addDraft)
    return { kind: 'special_use', which, modelAdds: addTarget };
  if (addTarget === false) return null;
  const [idTarget, idDraft] = which === 'BOS' ? [target.bos, draft.bos] : [target.eos, draft.eos];
  if (idTarget === undefined || idDraft === undefined || idTarget === idDraft) return null;
  return { kind: 'special_id', which, target: idTarget, draft: idDraft };
}

/** A token as a sentence can quote it: control characters escaped, long ones cut. */
function quoted(token: string): string {
  const escaped = JSON.stringify(token).slice(1, -1);
  return escaped.length > QUOTED_TOKEN_CHARS ? `${escaped.slice(0, QUOTED_TOKEN_CHARS)}…` : escaped;
}

/**
 * Throws the AppFailure that says why `draftPath` cannot draft for `modelPath`: none chosen, a file not found, or a
 * vocabulary that differs (details.reason names which, the page words it); a file that is no GGUF fails as the
 * reader says.
 */
export async function checkDraftVocabulary(modelPath: string, draftPath: string): Promise<void> {
  if (draftPath.trim() === '')
    throw new AppFailure('bad_request', 'speculative decoding with a draft model needs the draft model’s file', {
      reason: 'draft_not_chosen',
    });
  const draft = await readVocabulary(draftPath).catch((error: unknown) => {
    if (error instanceof AppFailure && error.code === 'model_missing')
      throw new AppFailure('model_missing', `draft model file not found: ${draftPath}`, {
        ...error.details,
        path: draftPath,
        reason: 'draft_missing',
      });
    throw error;
  });
  const mismatch = vocabularyMismatch(await readVocabulary(modelPath), draft);
  if (!mismatch) return;
  const model = basename(modelPath);
  throw new AppFailure(
    'model_invalid',
    `the draft model ${draftPath} cannot speculate for ${model}: ${describeMismatch(mismatch)}; choose a draft of the same model family, or turn speculative decoding off`,
    { path: draftPath, model, ...mismatchDetails(mismatch) },
  );
}

function describeMismatch(mismatch: VocabularyMismatch): string {
  switch (mismatch.kind) {
    case 'tokenizer':
      return `its tokenizer is ${mismatch.draft}, the model's is ${mismatch.target}`;
    case 'size':
      return `it has ${mismatch.draft} tokens, the model ${mismatch.target} (at most ${MAX_VOCAB_SIZE_DIFFERENCE} apart)`;
    case 'token':
      return `token ${mismatch.id} is “${mismatch.draft}” in it and “${mismatch.target}” in the model`;
    case 'special_use':
      return mismatch.modelAdds
        ? `the model adds a ${mismatch.which} token and the draft does not`
        : `the draft adds a ${mismatch.which} token and the model does not`;
    case 'special_id':
      return `its ${mismatch.which} token is ${mismatch.draft}, the model's ${mismatch.target}`;
  }
}

/** The failure's details: the reason the page words, and the figures its sentence quotes. */
function mismatchDetails(mismatch: VocabularyMismatch): Record<string, string | number> {
  switch (mismatch.kind) {
    case 'tokenizer':
      return { reason: 'draft_tokenizer_differs', draftTokenizer: mismatch.draft, modelTokenizer: mismatch.target };
    case 'size':
      return { reason: 'draft_vocab_size_differs', draftTokens: mismatch.draft, modelTokens: mismatch.target };
    case 'token':
      return {
        reason: 'draft_token_differs',
        tokenId: mismatch.id,
        draftToken: mismatch.draft,
        modelToken: mismatch.target,
      };
    case 'special_use':
      return {
        reason: mismatch.modelAdds ? 'draft_special_only_model' : 'draft_special_only_draft',
        special: mismatch.which,
      };
    case 'special_id':
      return {
        reason: 'draft_special_differs',
        special: mismatch.which,
        draftId: mismatch.draft,
        modelId: mismatch.target,
      };
  }
}
