// The draft model's vocabulary against the target's, as llama.cpp compares them, read from GGUF headers written
// here: each way they can differ gives its own reason and figures, and a draft that may draft passes.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeGguf, kv, type GgufKv } from '@scripts/fixtures/gguf-writer';
import { appFailureOf } from '@test-support/app-failure';
import { GgufType } from './gguf-values';
import { checkDraftVocabulary, readVocabulary, vocabularyMismatch, type Vocabulary } from './draft-vocabulary';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-draft-vocab-'));
});

const tokens = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

/** A header-only model: its tokenizer keys, `extra` on top. */
async function model(name: string, list = tokens(300), extra: Record<string, GgufKv> = {}): Promise<string> {
  const path = join(dir, name);
  const metadata: Record<string, GgufKv> = {
    'general.architecture': kv.str('llama'),
    'llama.block_count': kv.u32(2),
    'tokenizer.ggml.model': kv.str('llama'),
    'tokenizer.ggml.tokens': kv.arr(GgufType.STRING, list),
    'tokenizer.ggml.bos_token_id': kv.u32(1),
    'tokenizer.ggml.eos_token_id': kv.u32(2),
    'tokenizer.ggml.add_bos_token': kv.bool(true),
    ...extra,
  };
  await writeFile(path, encodeGguf({ metadata }));
  return path;
}

const vocab = (patch: Partial<Vocabulary> = {}): Vocabulary => ({
  tokenizer: 'llama',
  tokens: tokens(300),
  addBos: true,
  bos: 1,
  eos: 2,
  ...patch,
});

describe('readVocabulary', () => {
  it('reads the tokenizer, every token and the special tokens of a header', async () => {
    const read = await readVocabulary(
      await model('read.gguf', tokens(10), { 'tokenizer.ggml.eos_token_id': kv.u64(2n) }),
    );
    expect(read).toEqual({ tokenizer: 'llama', tokens: tokens(10), addBos: true, bos: 1, eos: 2 });
  });

  it('reads a header without a vocabulary as none', async () => {
    const path = join(dir, 'none.gguf');
    await writeFile(path, encodeGguf({ metadata: { 'general.architecture': kv.str('llama') } }));
    expect(await readVocabulary(path)).toEqual({ tokenizer: null, tokens: [] });
  });
});

describe('vocabularyMismatch', () => {
  it('lets a draft of the same vocabulary draft, and one padded by up to 128 tokens', () => {
    expect(vocabularyMismatch(vocab(), vocab())).toBeNull();
    expect(vocabularyMismatch(vocab(), vocab({ tokens: tokens(428) }))).toBeNull();
    // llama.cpp compares token texts from id 5: the first ids are special tokens a family may name differently.
    expect(vocabularyMismatch(vocab(), vocab({ tokens: ['<unk>', ...tokens(300).slice(1)] }))).toBeNull();
  });

  it('names a different tokenizer first', () => {
    expect(vocabularyMismatch(vocab(), vocab({ tokenizer: 'gpt2', tokens: tokens(5) }))).toEqual({
      kind: 'tokenizer',
      target: 'llama',
      draft: 'gpt2',
    });
    expect(vocabularyMismatch(vocab(), vocab({ tokenizer: null }))).toMatchObject({ draft: 'none' });
  });

  it('names token counts more than 128 apart', () => {
    expect(vocabularyMismatch(vocab(), vocab({ tokens: tokens(429) }))).toEqual({
      kind: 'size',
      target: 300,
      draft: 429,
    });
  });

  it('names the first token whose text differs, quoted safely and cut short', () => {
    const draft = tokens(300);
    draft[42] = `line\nbreak${'x'.repeat(60)}`;
    draft[99] = 'later';
    expect(vocabularyMismatch(vocab(), vocab({ tokens: draft }))).toEqual({
      kind: 'token',
      id: 42,
      target: 't42',
      draft: `line\\nbreak${'x'.repeat(29)}…`,
    });
  });

  it('names a BOS or EOS token added by one side only, or with another id', () => {
    expect(vocabularyMismatch(vocab(), vocab({ addBos: false }))).toEqual({
      kind: 'special_use',
      which: 'BOS',
      modelAdds: true,
    });
    expect(vocabularyMismatch(vocab(), vocab({ bos: 7 }))).toEqual({
      kind: 'special_id',
      which: 'BOS',
      target: 1,
      draft: 7,
    });
    expect(vocabularyMismatch(vocab({ addEos: true }), vocab({ addEos: true, eos: 3 }))).toMatchObject({
      kind: 'special_id',
      which: 'EOS',
    });
  });

  it('ignores the id of a special token the model says it never adds, and a flag only one side states', () => {
    expect(vocabularyMismatch(vocab({ addEos: false }), vocab({ addEos: false, eos: 9 }))).toBeNull();
    expect(vocabularyMismatch(vocab({ addBos: undefined }), vocab())).toBeNull();
  });
});

describe('checkDraftVocabulary', () => {
  it('passes a draft that may draft for the model', async () => {
    await expect(checkDraftVocabulary(await model('target.gguf'), await model('same.gguf'))).resolves.toBeUndefined();
  });

  it('refuses a differing vocabulary with the reason and the figures the page words', async () => {
    const draft = tokens(300);
    draft[7] = 'other';
    const draftPath = await model('other-vocab.gguf', draft);
    const error = await appFailureOf(checkDraftVocabulary(await model('target2.gguf'), draftPath));
    expect(error.code).toBe('model_invalid');
    expect(error.details).toEqual({
      path: draftPath,
      model: 'target2.gguf',
      reason: 'draft_token_differs',
      tokenId: 7,
      draftToken: 'other',
      modelToken: 't7',
    });
    expect(error.message).toBe(
      `the draft model ${draftPath} cannot speculate for target2.gguf: token 7 is “other” in it and “t7” in the model; choose a draft of the same model family, or turn speculative decoding off`,
    );
  });

  it('says a missing draft is the draft, and asks for one when none is chosen', async () => {
    const missing = join(dir, 'gone.gguf');
    const error = await appFailureOf(checkDraftVocabulary(await model('target3.gguf'), missing));
    expect(error).toMatchObject({ code: 'model_missing', details: { path: missing, reason: 'draft_missing' } });
    const none = await appFailureOf(checkDraftVocabulary(await model('target4.gguf'), ' '));
    expect(none).toMatchObject({ code: 'bad_request', details: { reason: 'draft_not_chosen' } });
  });
});
