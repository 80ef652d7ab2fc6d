// A small GGUF model for the reader's tests (metadata with tokenizer arrays, nested
// arrays and a chat template, two tensors), to be written whole, cut or corrupted,
// and the check of the error a bad file gets.
import { expect } from 'vitest';
import { kv, type GgufFileSpec, type GgufKv } from '@scripts/fixtures/gguf-writer';
import type { ErrorCode } from '@shared/errors';
import { GgufType } from '@main/services/backend/gguf/gguf-values';
import { appFailureOf as failure } from '@test-support/app-failure';

/** `n` token strings, each ending in a multi-byte character. */
export const vocab = (n: number) => Array.from({ length: n }, (_, i) => `tok${i}▁`);

/** The test model: `extra` adds or replaces metadata; `tokens` is the vocabulary's size. */
export function modelSpec(extra: Record<string, GgufKv> = {}, tokens = 40): GgufFileSpec {
  return {
    metadata: {
      'general.architecture': kv.str('llama'),
      'general.name': kv.str('unit model'),
      'llama.block_count': kv.u32(3),
      'llama.context_length': kv.u32(4096),
      'llama.embedding_length': kv.u64(256n),
      'tokenizer.ggml.tokens': kv.arr(GgufType.STRING, vocab(tokens)),
      'tokenizer.ggml.scores': kv.arr(
        GgufType.FLOAT32,
        Array.from({ length: tokens }, (_, i) => -i),
      ),
      'tokenizer.ggml.merges.nested': kv.arr(GgufType.ARRAY, [
        { type: GgufType.STRING, length: 2, values: ['a', 'b'] },
        { type: GgufType.UINT8, length: 1, values: [7] },
      ]),
      'tokenizer.chat_template': kv.str('{{ messages }}'),
      ...extra,
    },
    tensors: [
      { name: 'token_embd.weight', dims: [4, tokens], type: 'f16', data: new Float32Array(4 * tokens) },
      { name: 'output_norm.weight', dims: [4], type: 'f32', data: new Float32Array(4).fill(1) },
    ],
  };
}

/** `promise` rejects with an AppFailure of `code` whose message matches. */
export async function expectFailure(promise: Promise<unknown>, code: ErrorCode, message: RegExp): Promise<void> {
  const error = await failure(promise);
  expect({ code: error.code, message: error.message }).toEqual({ code, message: expect.stringMatching(message) });
}
