// The Model info reader on real GGUF files: the provisioned tiny test model and
// two more written by the test-model generator (make-test-model.ts) with other
// shapes, every figure checked against what the generator wrote; then cut-short,
// empty, text and missing files, and the cache that pages through a vocabulary.
import { open, mkdtemp, readFile, writeFile, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeGguf, type GgufKv } from '@scripts/fixtures/gguf-writer';
import {
  CHAT_TEMPLATE,
  tinyLlamaMetadata,
  tinyLlamaTensors,
  VARIANTS,
  type ModelShape,
} from '@scripts/fixtures/make-test-model';
import { readGgufHeader } from '@main/services/backend/gguf/gguf-reader';
import { testAssets } from '@test-support/test-assets';
import { searchTensors, searchVocab } from './model-info-search';
import { createModelFileCache, readModelFile, type ModelFile } from './read-model-file';
import { appFailureOf as failure } from '@test-support/app-failure';

let dir: string;
let tokenizer: Map<string, GgufKv>;
const VOCAB = 32_000;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-model-info-'));
  // The tiny model's tokenizer is the llama-spm test vocabulary the generator copies.
  const header = await readGgufHeader(testAssets.tinyModel, { keepArrays: true });
  tokenizer = new Map();
  for (const [key, value] of header.metadata)
    if (key.startsWith('tokenizer.')) tokenizer.set(key, { type: header.types.get(key)!, value });
});

const generatedFiles = new Map<string, Promise<string>>();
/** A model as make-test-model.ts writes it, for another shape (written once). */
function generated(name: string, shape: ModelShape): Promise<string> {
  const path = join(dir, `${name}.gguf`);
  if (!generatedFiles.has(name))
    generatedFiles.set(
      name,
      writeGguf(path, {
        metadata: tinyLlamaMetadata(tokenizer, VOCAB, shape, name),
        tensors: tinyLlamaTensors(VOCAB, 7, shape),
      }).then(() => path),
    );
  return generatedFiles.get(name)!;
}

/** The llama parameter count worked out from the shape, apart from the generator's own tensor list. */
function expectedParameters(shape: ModelShape): number {
  const { embd, ff, layers, heads, headsKv } = shape;
  const kvWidth = (embd / heads) * headsKv;
  const perLayer = 2 * embd + 2 * embd * embd + 2 * embd * kvWidth + 3 * embd * ff;
  return 2 * embd * VOCAB + embd + layers * perLayer;
}

const GQA: ModelShape = { layers: 3, embd: 128, heads: 8, headsKv: 2, ff: 320, context: 4096 };

describe("readModelFile on the test-model generator's models", () => {
  const cases: Array<{ label: string; shape: ModelShape; name: string; path: () => Promise<string> }> = [
    {
      label: 'the provisioned tiny model',
      shape: VARIANTS.tiny.shape,
      name: VARIANTS.tiny.name,
      path: async () => testAssets.tinyModel,
    },
    {
      label: 'the long variant (16K context)',
      shape: VARIANTS.long.shape,
      name: VARIANTS.long.name,
      path: () => generated(VARIANTS.long.name, VARIANTS.long.shape),
    },
    {
      label: 'a grouped-query shape (2 KV heads of 8, 3 layers)',
      shape: GQA,
      name: 'gqa-llama-test',
      path: () => generated('gqa-llama-test', GQA),
    },
  ];

  for (const { label, shape, name, path: pathOf } of cases) {
    it(`${label}: summary, parameters, quantization and tensors as written`, async () => {
      const path = await pathOf();
      const { info, tensors } = await readModelFile(path);
      const written = tinyLlamaTensors(VOCAB, 7, shape);
      const parameters = written.reduce((sum, t) => sum + t.dims.reduce((a, b) => a * b, 1), 0);
      expect(parameters).toBe(expectedParameters(shape));
      expect(info).toMatchObject({
        path,
        ggufVersion: 3,
        name,
        architecture: 'llama',
        fileType: 'F16',
        contextLength: shape.context,
        embeddingLength: shape.embd,
        layers: shape.layers,
        heads: shape.heads,
        headsKv: shape.headsKv,
        feedForwardLength: shape.ff,
        experts: null,
        parameters,
        tensorCount: 3 + 9 * shape.layers,
      });
      // Norms are f32, matrices f16: 4 and 2 bytes a weight.
      const norms = 1 + 2 * shape.layers;
      const normWeights = norms * shape.embd;
      expect(info.quantization).toEqual([
        {
          type: 'F16',
          tensors: written.length - norms,
          elements: parameters - normWeights,
          bytes: (parameters - normWeights) * 2,
        },
        { type: 'F32', tensors: norms, elements: normWeights, bytes: normWeights * 4 },
      ]);
      expect(info.tensorBytes).toBe((parameters - normWeights) * 2 + normWeights * 4);
      expect(info.bitsPerWeight).toBeCloseTo((info.tensorBytes * 8) / parameters, 10);
      expect(tensors.map((t) => [t.name, t.dims, t.type])).toEqual(
        written.map((t) => [t.name, t.dims, t.type.toUpperCase()]),
      );
      // Each tensor's data lies inside the file and right after the one before (32-byte aligned).
      for (const [i, tensor] of tensors.entries()) {
        expect(tensor.offset % 32).toBe(0);
        if (i > 0) expect(tensor.offset).toBe(tensors[i - 1]!.offset + Math.ceil(tensors[i - 1]!.bytes / 32) * 32);
      }
      expect(tensors.at(-1)!.offset + tensors.at(-1)!.bytes).toBeLessThanOrEqual(info.fileSize);
    });

    it(`${label}: tokenizer, special tokens and chat template as written`, async () => {
      const { info, vocab } = await readModelFile(await pathOf());
      expect(info.tokenizer).toEqual({
        model: 'llama',
        pre: 'default',
        vocabSize: VOCAB,
        mergesCount: 0,
        specialCount: 3,
        addBos: true,
        addEos: false,
      });
      expect(info.specialTokens).toEqual([
        { role: 'bos', id: 1, text: '<s>' },
        { role: 'eos', id: 2, text: '</s>' },
        { role: 'unknown', id: 0, text: '<unk>' },
      ]);
      expect(info.chatTemplates).toEqual([{ name: null, text: CHAT_TEMPLATE }]);
      expect(vocab.tokens).toHaveLength(VOCAB);
      expect(info.metadata.find((m) => m.key === 'tokenizer.ggml.tokens')).toEqual({
        key: 'tokenizer.ggml.tokens',
        type: 'array of string',
        value: '',
        arrayLength: VOCAB,
      });
      expect(info.metadata.find((m) => m.key === 'llama.context_length')).toEqual({
        key: 'llama.context_length',
        type: 'uint32',
        value: String(shape.context),
        arrayLength: null,
      });
      // The template is longer than a metadata line shows: cut there, whole in its own section.
      expect(info.metadata.find((m) => m.key === 'tokenizer.chat_template')!.value).toBe(
        `${CHAT_TEMPLATE.slice(0, 300)}…`,
      );
    });
  }
});

describe('searching the tiny model', () => {
  let file: ModelFile;
  beforeAll(async () => {
    file = await readModelFile(testAssets.tinyModel);
  });

  it('pages through tensors by a part of the name or by type', () => {
    expect(searchTensors(file.tensors, { query: 'attn_k' }).rows.map((t) => t.name)).toEqual([
      'blk.0.attn_k.weight',
      'blk.1.attn_k.weight',
    ]);
    const norms = searchTensors(file.tensors, { query: 'F32' });
    expect(norms).toMatchObject({ total: 21, matched: 5, offset: 0 });
    expect(norms.rows.every((t) => t.name.endsWith('norm.weight'))).toBe(true);
    const second = searchTensors(file.tensors, { offset: 10, limit: 5 });
    expect(second).toMatchObject({ total: 21, matched: 21, offset: 10 });
    expect(second.rows.map((t) => t.name)).toEqual(file.tensors.slice(10, 15).map((t) => t.name));
  });

  it('finds tokens by text (a space as ▁), by id, and the special ones alone, one page at a time', () => {
    const the = searchVocab(file.vocab, { query: ' the', limit: 3 });
    expect(the.total).toBe(VOCAB);
    expect(the.matched).toBeGreaterThan(3);
    expect(the.rows).toHaveLength(3);
    expect(the.rows.every((t) => t.text.toLowerCase().includes('▁the'))).toBe(true);
    // An id first, then the tokens whose text contains the digits.
    const byId = searchVocab(file.vocab, { query: '1', limit: 2 });
    expect(byId.rows[0]).toEqual({ id: 1, text: '<s>', kind: 'control' });
    expect(byId.rows[1]!.text).toContain('1');
    expect(searchVocab(file.vocab, { special: true }).rows).toEqual([
      { id: 0, text: '<unk>', kind: 'unknown' },
      { id: 1, text: '<s>', kind: 'control' },
      { id: 2, text: '</s>', kind: 'control' },
    ]);
    expect(searchVocab(file.vocab, { query: '<0x0A>' }).rows).toEqual([{ id: 13, text: '<0x0A>', kind: 'byte' }]);
    const last = searchVocab(file.vocab, { offset: VOCAB - 2, limit: 100 });
    expect(last.rows.map((t) => t.id)).toEqual([VOCAB - 2, VOCAB - 1]);
    expect(searchVocab(file.vocab, { query: 'no token has this text' })).toEqual({
      total: VOCAB,
      matched: 0,
      offset: 0,
      rows: [],
    });
  });
});

describe('files that are not a usable GGUF', () => {
  it('a file cut inside its header (the vocabulary) says it is cut short', async () => {
    const path = join(dir, 'cut-header.gguf');
    await writeFile(path, (await readFile(testAssets.tinyModel)).subarray(0, 100_000));
    const error = await failure(readModelFile(path));
    expect(error.code).toBe('model_invalid');
    expect(error.details).toMatchObject({ path, reason: 'gguf_truncated' });
    expect(error.message).toMatch(/^truncated GGUF/);
  });

  it('a download stopped in the tensor data (a whole header) says it is cut short too', async () => {
    const path = join(dir, 'cut-data.gguf');
    const header = await readGgufHeader(testAssets.tinyModel, { tensors: true });
    await writeFile(path, (await readFile(testAssets.tinyModel)).subarray(0, header.dataOffset! + 1000));
    const error = await failure(readModelFile(path));
    expect(error.details).toMatchObject({ path, reason: 'gguf_truncated', tensor: 'output_norm.weight' });
  });

  it('a text file, an empty file and a missing one each say what they are', async () => {
    const text = join(dir, 'notes.gguf');
    await writeFile(text, 'These are notes, not a model.\n');
    expect(await failure(readModelFile(text))).toMatchObject({
      code: 'model_invalid',
      details: { path: text, reason: 'not_gguf' },
    });
    const empty = join(dir, 'empty.gguf');
    await writeFile(empty, '');
    expect(await failure(readModelFile(empty))).toMatchObject({
      code: 'model_invalid',
      details: { path: empty, reason: 'not_gguf' },
    });
    expect(await failure(createModelFileCache().get(join(dir, 'nowhere.gguf')))).toMatchObject({
      code: 'model_missing',
    });
  });
});

describe('createModelFileCache', () => {
  it('reads a file once for many pages, again when it changes on disk, and not at all after a failure', async () => {
    const path = join(dir, 'cached.gguf');
    await writeFile(path, await readFile(testAssets.tinyModel));
    let reads = 0;
    const cache = createModelFileCache(async (p) => {
      reads++;
      return readModelFile(p);
    });
    const first = await cache.get(path);
    expect(await cache.get(path)).toBe(first);
    expect(reads).toBe(1);
    // Rewritten in place (a finished download, a re-quantized file): a new size or time reads it again.
    const handle = await open(path, 'r+');
    await handle.truncate(1000);
    await handle.close();
    expect(await failure(cache.get(path))).toMatchObject({ details: { reason: 'gguf_truncated' } });
    await writeFile(path, await readFile(testAssets.tinyModel));
    await utimes(path, new Date(), new Date(Date.now() + 5000));
    expect((await cache.get(path)).info.name).toBe('tiny-llama-test');
    expect(reads).toBe(3);
  });
});
