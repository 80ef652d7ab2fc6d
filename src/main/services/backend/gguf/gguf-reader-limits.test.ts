// The reader's limits on crafted headers: keys nobody asked for are skipped without
// being decoded, what is kept is charged to a budget, tensor infos can be watched
// without being kept, and every broken limit says which one with its numbers.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGguf, kv } from '@scripts/fixtures/gguf-writer';
import { appFailureOf as failure } from '@test-support/app-failure';
import { ggufStart, manyTensorsGguf, stringEntry, writeCrafted } from '@test-support/hf/crafted-gguf';
import { MAX_TENSOR_COUNT, readGgufHeader, type GgufTensorInfo } from './gguf-reader';
import { GgufType } from './gguf-values';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-gguf-limits-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const MiB = 1 << 20;

async function fixture(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** A llama header with a 4 MB string of invalid UTF-8 under `junk.blob`, and a 1000-token vocabulary. */
function withBlob(): Buffer {
  const bytes = encodeGguf({
    metadata: {
      'general.architecture': kv.str('llama'),
      'junk.blob': kv.str('x'.repeat(4 * MiB)),
      'general.name': kv.str('blob model'),
      'tokenizer.ggml.tokens': kv.arr(
        GgufType.STRING,
        Array.from({ length: 1000 }, (_, i) => `token-${i}`),
      ),
      'llama.context_length': kv.u32(2048),
    },
    tensors: [{ name: 'output_norm.weight', dims: [4], type: 'f32', data: new Float32Array(4) }],
  });
  const blob = bytes.indexOf('xxxx');
  return bytes.fill(0xff, blob, blob + 4 * MiB);
}

describe('keeping only what is asked for', () => {
  it('keeps the keys asked for and skips the others without decoding them', async () => {
    const path = await fixture('blob.gguf', withBlob());
    const header = await readGgufHeader(path, { keys: ['general.architecture', 'general.name'], keptBytes: 4096 });
    expect([...header.metadata.keys()]).toEqual(['general.architecture', 'general.name']);
    expect([...header.types.keys()]).toEqual(['general.architecture', 'general.name']);
    expect(header.metadata.get('general.name')).toBe('blob model');
    const byTest = await readGgufHeader(path, { keys: (key) => key.endsWith('.context_length'), keptBytes: 4096 });
    expect([...byTest.metadata]).toEqual([['llama.context_length', 2048]]);
  });

  it('refuses to keep more than the budget, before decoding the string that would break it', async () => {
    const path = await fixture('blob-kept.gguf', withBlob());
    const error = await failure(readGgufHeader(path, { keptBytes: MiB }));
    expect(error.code).toBe('model_invalid');
    expect(error.message).toMatch(/keeping junk\.blob would take \d+ bytes of memory \(limit 1048576/);
    expect(error.details).toMatchObject({ reason: 'gguf_over_limit', limit: 'kept', max: MiB });
    expect(error.details?.found).toBeGreaterThan(8 * MiB);
  });

  it('charges the elements of a kept vocabulary, and only when it is kept', async () => {
    const path = await fixture('vocab.gguf', withBlob());
    const keys = ['tokenizer.ggml.tokens'];
    expect((await readGgufHeader(path, { keys, keptBytes: 4096 })).metadata.get('tokenizer.ggml.tokens')).toEqual({
      type: GgufType.STRING,
      length: 1000,
    });
    const error = await failure(readGgufHeader(path, { keys, keepArrays: keys, keptBytes: 4096 }));
    expect(error.details).toMatchObject({ reason: 'gguf_over_limit', limit: 'kept' });
    const kept = await readGgufHeader(path, { keys, keepArrays: keys, keptBytes: 64 << 10 });
    expect((kept.metadata.get('tokenizer.ggml.tokens') as { values: string[] }).values.at(-1)).toBe('token-999');
  });

  it('says which limit a string past the longest one breaks', async () => {
    const path = join(dir, 'long-name.gguf');
    await writeCrafted(path, [...ggufStart(0, 1), ...stringEntry('general.name', 33 * MiB)]);
    const error = await failure(readGgufHeader(path));
    expect(error.details).toMatchObject({ reason: 'gguf_over_limit', limit: 'string', found: 33 * MiB, max: 32 * MiB });
    // Skipped too: no model has such a string, so the file is refused whatever the caller reads.
    expect((await failure(readGgufHeader(path, { keys: [] }))).details).toMatchObject({ limit: 'string' });
  });
});

describe('tensor infos', () => {
  it('shows every tensor info to onTensor without keeping any, and keeps them within the budget when asked', async () => {
    const path = join(dir, 'many-tensors.gguf');
    await writeCrafted(path, manyTensorsGguf({ declared: 200_000 }));
    let seen = 0;
    let last: GgufTensorInfo | null = null;
    const header = await readGgufHeader(path, {
      keys: [],
      onTensor: (tensor) => {
        seen++;
        last = tensor;
      },
    });
    expect(seen).toBe(200_000);
    expect(last).toEqual({ name: '', dims: [], type: 0, offset: 0 });
    expect(header.tensors).toBeUndefined();
    expect(header.dataOffset).toBeGreaterThanOrEqual(header.fileSize);
    const error = await failure(readGgufHeader(path, { tensors: true, keptBytes: MiB }));
    expect(error.details).toMatchObject({ reason: 'gguf_over_limit', limit: 'kept' });
    expect((await readGgufHeader(path, { tensors: true })).tensors).toHaveLength(200_000);
  });

  it('refuses a header that declares more tensors than a model has, before reading them', async () => {
    const path = join(dir, 'too-many-tensors.gguf');
    await writeCrafted(path, manyTensorsGguf({ declared: MAX_TENSOR_COUNT + 1, present: 0 }));
    const error = await failure(readGgufHeader(path, { onTensor: () => {} }));
    expect(error.message).toMatch(/declares 1048577 tensors at byte 8 \(limit 1048576\)/);
    expect(error.details).toMatchObject({
      reason: 'gguf_over_limit',
      limit: 'tensors',
      found: MAX_TENSOR_COUNT + 1,
      max: MAX_TENSOR_COUNT,
    });
  });
});
