// The embedding model check on GGUF files written by the test fixtures' writer: the tiny
// test model (a llama, a chat model) is warned about; a bert with its pooling, and a
// decoder that names a pooling (as Qwen3-Embedding does), are accepted.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kv, writeGguf, type GgufKv } from '@scripts/fixtures/gguf-writer';
import { tinyLlamaMetadata, tinyLlamaTensors } from '@scripts/fixtures/make-test-model';
import { checkEmbeddingModel } from './embedding-model-check';

const VOCAB = 32;
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-embed-check-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The tiny test model's metadata and tensors, with a tokenizer of a few tokens. */
async function tinyLlama(name: string, extra: Record<string, GgufKv> = {}): Promise<string> {
  const tokenizer = new Map<string, GgufKv>([['tokenizer.ggml.model', kv.str('llama')]]);
  const metadata = tinyLlamaMetadata(tokenizer, VOCAB);
  for (const [key, value] of Object.entries(extra)) metadata.set(key, value);
  const path = join(dir, name);
  await writeGguf(path, { metadata, tensors: tinyLlamaTensors(VOCAB) });
  return path;
}

describe('checkEmbeddingModel', () => {
  it('warns that the tiny llama test model is a chat model, not an embedding model', async () => {
    const check = await checkEmbeddingModel(await tinyLlama('tiny-llama.gguf'));
    expect(check).toMatchObject({ verdict: 'chat', architecture: 'llama', pooling: null, chatTemplate: true });
    expect(check.reason).toMatch(/^this looks like a chat model, not an embedding model: llama is a causal/);
  });

  it('accepts a bert with its pooling type', async () => {
    const path = join(dir, 'bge-small-en.gguf');
    await writeGguf(path, {
      metadata: {
        'general.architecture': kv.str('bert'),
        'general.name': kv.str('bge small'),
        'bert.context_length': kv.u32(512),
        'bert.embedding_length': kv.u32(8),
        'bert.pooling_type': kv.u32(2),
        'bert.attention.causal': kv.bool(false),
      },
      tensors: [{ name: 'token_embd.weight', dims: [8, VOCAB], type: 'f32', data: new Float32Array(8 * VOCAB) }],
    });
    expect(await checkEmbeddingModel(path)).toMatchObject({ verdict: 'embedding', architecture: 'bert', pooling: 2 });
  });

  it('accepts a decoder that names a pooling, as decoder-based embedders do', async () => {
    const path = await tinyLlama('llama-embedding.gguf', { 'llama.pooling_type': kv.u32(3) });
    expect(await checkEmbeddingModel(path)).toMatchObject({ verdict: 'embedding', architecture: 'llama', pooling: 3 });
  });

  it('leaves a file that is not a GGUF to the start, which says why', async () => {
    const path = join(dir, 'notes.gguf');
    await writeFile(path, 'plain text, not a model');
    expect(await checkEmbeddingModel(path)).toMatchObject({ verdict: 'unreadable', architecture: null });
  });
});
