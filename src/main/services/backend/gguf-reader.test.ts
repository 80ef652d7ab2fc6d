import { chmod, mkdir, mkdtemp, open, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeGguf, kv, type GgufFileSpec, type GgufKv } from '@scripts/fixtures/gguf-writer';
import { AppFailure, type ErrorCode } from '@shared/errors';
import { fsFailure, readGgufHeader } from './gguf-reader';
import { GgufType } from './gguf-values';
import { readModelFacts } from './model-facts';
import { appFailureOf as failure } from '@test-support/app-failure';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-gguf-'));
});

const vocab = (n: number) => Array.from({ length: n }, (_, i) => `tok${i}▁`);

function modelSpec(extra: Record<string, GgufKv> = {}, tokens = 40): GgufFileSpec {
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

async function fixture(name: string, bytes: Buffer | GgufFileSpec): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, Buffer.isBuffer(bytes) ? bytes : encodeGguf(bytes));
  return path;
}

async function expectFailure(promise: Promise<unknown>, code: ErrorCode, message: RegExp): Promise<void> {
  const error = await failure(promise);
  expect({ code: error.code, message: error.message }).toEqual({ code, message: expect.stringMatching(message) });
}

describe('readGgufHeader', () => {
  it('reads version, counts, metadata with array summaries, and the tensor infos', async () => {
    const path = await fixture('valid.gguf', modelSpec());
    const header = await readGgufHeader(path, { tensors: true });
    expect(header.version).toBe(3);
    expect(header.tensorCount).toBe(2);
    expect(header.metadata.get('general.architecture')).toBe('llama');
    expect(header.metadata.get('llama.embedding_length')).toBe(256n);
    expect(header.types.get('llama.embedding_length')).toBe(GgufType.UINT64);
    expect(header.metadata.get('tokenizer.ggml.tokens')).toEqual({ type: GgufType.STRING, length: 40 });
    expect(header.metadata.get('tokenizer.ggml.merges.nested')).toEqual({ type: GgufType.ARRAY, length: 2 });
    expect(header.tensors).toEqual([
      { name: 'token_embd.weight', dims: [4, 40], type: 1, offset: 0 },
      { name: 'output_norm.weight', dims: [4], type: 0, offset: 320 },
    ]);
    expect(header.dataOffset! % 32).toBe(0);
    expect(header.tensorInfoOffset).toBeLessThan(header.dataOffset!);
    expect(header.fileSize).toBe(header.dataOffset! + 320 + 32);
  });

  it('keeps array elements when asked', async () => {
    const path = await fixture('keep.gguf', modelSpec());
    const header = await readGgufHeader(path, { keepArrays: true });
    const tokens = header.metadata.get('tokenizer.ggml.tokens');
    expect(tokens).toEqual({ type: GgufType.STRING, length: 40, values: vocab(40) });
    expect(header.metadata.get('tokenizer.ggml.merges.nested')).toEqual({
      type: GgufType.ARRAY,
      length: 2,
      values: [
        { type: GgufType.STRING, length: 2, values: ['a', 'b'] },
        { type: GgufType.UINT8, length: 1, values: [7] },
      ],
    });
  });

  it('keeps only the arrays asked for: a vocabulary larger than a read chunk, whole, and every cut of it refused as truncated', async () => {
    // 150k tokens of 8 to 14 bytes: about 2.5 MB, so strings straddle the 1 MB chunks.
    const tokens = Array.from({ length: 150_000 }, (_, i) => `Ġtok${i}`);
    const spec = modelSpec({
      'tokenizer.ggml.tokens': kv.arr(GgufType.STRING, tokens),
      'tokenizer.ggml.token_type': kv.arr(
        GgufType.INT32,
        tokens.map((_, i) => i % 7),
      ),
    });
    const path = await fixture('vocab150k.gguf', { ...spec, tensors: [] });
    const header = await readGgufHeader(path, { keepArrays: ['tokenizer.ggml.tokens', 'tokenizer.ggml.token_type'] });
    expect(header.metadata.get('tokenizer.ggml.tokens')).toEqual({
      type: GgufType.STRING,
      length: 150_000,
      values: tokens,
    });
    expect((header.metadata.get('tokenizer.ggml.token_type') as { values: number[] }).values.slice(0, 8)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 0,
    ]);
    expect(header.metadata.get('tokenizer.ggml.scores')).toEqual({ type: GgufType.FLOAT32, length: 40 });
    const whole = encodeGguf({ ...spec, tensors: [] });
    for (const end of [1 << 20, (1 << 20) + 5, 2_000_001, whole.length - 3]) {
      const cut = await fixture('vocab-cut.gguf', whole.subarray(0, end));
      const error = await failure(readGgufHeader(cut, { keepArrays: true }));
      expect(error.details, `cut at ${end}`).toMatchObject({ reason: 'gguf_truncated' });
    }
  });

  it('reads the header of a 32000-token vocabulary well under 20 ms', async () => {
    const path = await fixture('vocab32k.gguf', { ...modelSpec({}, 32_000), tensors: [] });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const header = await readGgufHeader(path);
      times.push(performance.now() - start);
      expect(header.metadata.get('tokenizer.ggml.tokens')).toEqual({ type: GgufType.STRING, length: 32_000 });
    }
    // The first, cold read is the one a user waits for; the median guards against a stray GC pause.
    const median = [...times].sort((a, b) => a - b)[2]!;
    console.log(`32k-token header: first ${times[0]!.toFixed(2)} ms, median ${median.toFixed(2)} ms`);
    expect(median).toBeLessThan(20);
  });

  it('reads only the header of a multi-GB file', async () => {
    const path = await fixture('sparse.gguf', modelSpec());
    const file = await open(path, 'r+');
    await file.truncate(3 * 1024 ** 3); // sparse: no disk used, but reading it all would take seconds
    await file.close();
    const start = performance.now();
    const facts = await readModelFacts(path);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(facts.fileSize).toBe(3 * 1024 ** 3);
  });
});

describe('readModelFacts', () => {
  it('returns the facts of a model and the size of its mmproj', async () => {
    const path = await fixture('facts.gguf', modelSpec());
    const mmproj = await fixture('mmproj.gguf', { metadata: { 'general.architecture': kv.str('clip') } });
    const facts = await readModelFacts(path, mmproj);
    expect(facts).toEqual({
      path,
      name: 'unit model',
      architecture: 'llama',
      nLayer: 3,
      contextLength: 4096,
      embeddingLength: 256,
      fileSize: (await readGgufHeader(path)).fileSize,
      mmprojSize: (await readGgufHeader(mmproj)).fileSize,
      hasChatTemplate: true,
      // The fixture has no attention heads: the KV cache size per token is not known.
      kvBytesPerToken: 0,
    });
  });

  it('falls back to the file name and notices a missing chat template', async () => {
    const spec = modelSpec();
    const metadata = { ...(spec.metadata as Record<string, GgufKv>) };
    delete metadata['general.name'];
    delete metadata['tokenizer.chat_template'];
    const facts = await readModelFacts(await fixture('No-Name.Q4_K_M.gguf', { metadata }));
    expect(facts.name).toBe('No-Name.Q4_K_M');
    expect(facts.hasChatTemplate).toBe(false);
    expect(facts.mmprojSize).toBe(0);
  });

  it('needs general.architecture and <arch>.block_count', async () => {
    const noArch = { ...(modelSpec().metadata as Record<string, GgufKv>) };
    delete noArch['general.architecture'];
    await expectFailure(
      readModelFacts(await fixture('noarch.gguf', { metadata: noArch })),
      'model_invalid',
      /general\.architecture/,
    );
    const noBlocks = { ...(modelSpec().metadata as Record<string, GgufKv>) };
    delete noBlocks['llama.block_count'];
    await expectFailure(
      readModelFacts(await fixture('noblocks.gguf', { metadata: noBlocks })),
      'model_invalid',
      /missing llama\.block_count/,
    );
  });

  it('reports a missing mmproj as model_missing with its path', async () => {
    const path = await fixture('with-mmproj.gguf', modelSpec());
    await expectFailure(readModelFacts(path, join(dir, 'gone-mmproj.gguf')), 'model_missing', /gone-mmproj\.gguf/);
  });
});

describe('bad files', () => {
  it('says a file of random bytes is not a GGUF file', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));
    await expectFailure(
      readModelFacts(await fixture('random.bin', random)),
      'model_invalid',
      /^not a GGUF file \(random bytes\?\)/,
    );
    expect((await failure(readGgufHeader(join(dir, 'random.bin')))).details).toMatchObject({ reason: 'not_gguf' });
  });

  it('recognises an old GGML model', async () => {
    await expectFailure(
      readGgufHeader(await fixture('old.bin', Buffer.from('tjgg\x03\x00\x00\x00'))),
      'model_invalid',
      /old GGML model/,
    );
  });

  it('says an empty file is empty', async () => {
    await expectFailure(
      readModelFacts(await fixture('empty.gguf', Buffer.alloc(0))),
      'model_invalid',
      /not a GGUF file: .*empty/,
    );
  });

  it('reports every truncation of the header as model_invalid, never a hang or a crash', async () => {
    const whole = encodeGguf(modelSpec());
    const path = join(dir, 'valid-for-truncation.gguf');
    await writeFile(path, whole);
    const { tensorInfoOffset, dataOffset } = await readGgufHeader(path, { tensors: true });
    const outcomes: Array<{ end: number; error?: AppFailure }> = [];
    const cut = join(dir, 'cut.gguf');
    for (let end = 1; end <= dataOffset!; end++) {
      await writeFile(cut, whole.subarray(0, end));
      const error = await readGgufHeader(cut, { tensors: true }).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (error !== undefined) {
        expect(error, `cut at ${end}`).toBeInstanceOf(AppFailure);
        expect((error as AppFailure).code, `cut at ${end}`).toBe('model_invalid');
        expect((error as AppFailure).message, `cut at ${end}`).toMatch(/^truncated GGUF: /);
        expect((error as AppFailure).details?.reason, `cut at ${end}`).toBe('gguf_truncated');
      }
      outcomes.push({ end, error: error as AppFailure | undefined });
    }
    // Every cut before the end of the tensor infos fails; only cuts inside the padding after them read.
    const firstReadable = outcomes.find((o) => o.error === undefined)!.end;
    expect(firstReadable).toBeGreaterThan(tensorInfoOffset);
    expect(firstReadable).toBeGreaterThan(dataOffset! - 32);
    expect(outcomes.filter((o) => o.end >= firstReadable).every((o) => o.error === undefined)).toBe(true);
    const inMetadata = outcomes.find((o) => o.end === tensorInfoOffset - 1)!.error!;
    expect(inMetadata.message).toMatch(
      new RegExp(`^truncated GGUF: header ends at byte ${tensorInfoOffset - 1} of at least \\d+`),
    );
    await writeFile(cut, whole.subarray(0, tensorInfoOffset - 1));
    expect((await failure(readModelFacts(cut))).code).toBe('model_invalid');
  });

  it('notices tensor data cut short, as by an interrupted download', async () => {
    const whole = encodeGguf(modelSpec());
    const path = await fixture('partial-download.gguf', whole.subarray(0, whole.length - 64));
    await expectFailure(readModelFacts(path), 'model_invalid', /output_norm\.weight .*incomplete download/);
  });

  it('rejects unsupported versions', async () => {
    const bytes = encodeGguf(modelSpec());
    for (const [version, hint] of [
      [1, /version 1 .*re-convert/],
      [4, /version 4;/],
      [0x03000000, /big-endian/],
    ] as const) {
      bytes.writeUInt32LE(version, 4);
      await expectFailure(readModelFacts(await fixture(`v${version}.gguf`, bytes)), 'model_invalid', hint);
    }
    expect((await readGgufHeader(await fixture('v2.gguf', { ...modelSpec(), version: 2 }))).version).toBe(2);
  });

  it('refuses absurd lengths and counts before allocating anything', async () => {
    const bytes = () => encodeGguf(modelSpec());
    const firstKeyLength = 24; // magic, version, tensor count, KV count
    const hugeKey = bytes();
    hugeKey.writeBigUInt64LE(1n << 62n, firstKeyLength);
    await expectFailure(
      readModelFacts(await fixture('huge-key.gguf', hugeKey)),
      'model_invalid',
      /declares \d+ bytes \(limit/,
    );

    const template = bytes();
    const at = template.indexOf('{{ messages }}') - 8;
    template.writeBigUInt64LE(0xffff_ffff_ffffn, at);
    await expectFailure(
      readModelFacts(await fixture('huge-string.gguf', template)),
      'model_invalid',
      /tokenizer\.chat_template at byte \d+ declares/,
    );

    const tokens = bytes();
    const firstToken = tokens.indexOf('tok0') - 8;
    tokens.writeBigUInt64LE(1n << 40n, firstToken - 8); // the array's length, just before its first element
    await expectFailure(
      readModelFacts(await fixture('huge-array.gguf', tokens)),
      'model_invalid',
      /declares 1099511627776 elements/,
    );

    const token = bytes();
    token.writeBigUInt64LE(1n << 33n, firstToken);
    await expectFailure(
      readModelFacts(await fixture('huge-token.gguf', token)),
      'model_invalid',
      /a string in tokenizer\.ggml\.tokens/,
    );

    const kvCount = bytes();
    kvCount.writeBigUInt64LE(1n << 50n, 16);
    await expectFailure(
      readModelFacts(await fixture('huge-kv-count.gguf', kvCount)),
      'model_invalid',
      /declares \d+ metadata entries/,
    );

    const tensorCount = bytes();
    tensorCount.writeBigUInt64LE(1n << 50n, 8);
    await expectFailure(
      readModelFacts(await fixture('huge-tensor-count.gguf', tensorCount)),
      'model_invalid',
      /declares \d+ tensors/,
    );
  });

  it('rejects unknown value types, duplicate keys and absurdly nested arrays', async () => {
    const badType = encodeGguf(modelSpec());
    const typeOffset = 24 + 8 + 'general.architecture'.length;
    badType.writeUInt32LE(13, typeOffset);
    await expectFailure(
      readModelFacts(await fixture('bad-type.gguf', badType)),
      'model_invalid',
      /unknown value type 13/,
    );

    const twice = encodeGguf({ metadata: new Map([['a', kv.u8(1)]]) });
    twice.writeBigUInt64LE(2n, 16);
    const duplicate = Buffer.concat([twice, twice.subarray(24)]);
    await expectFailure(
      readGgufHeader(await fixture('duplicate.gguf', duplicate)),
      'model_invalid',
      /duplicate metadata key a/,
    );

    let nested: GgufKv = kv.arr(GgufType.UINT8, [1]);
    for (let i = 0; i < 12; i++) nested = kv.arr(GgufType.ARRAY, [nested.value]);
    await expectFailure(
      readGgufHeader(await fixture('nested.gguf', { metadata: { deep: nested } })),
      'model_invalid',
      /nested deeper/,
    );
  });
});

describe('file system failures', () => {
  it('reports a missing file as model_missing with its path', async () => {
    const path = join(dir, 'nope', 'missing.gguf');
    const error = await failure(readModelFacts(path));
    expect(error.code).toBe('model_missing');
    expect(error.message).toContain(path);
    expect(error.details).toMatchObject({ path, code: 'ENOENT' });
  });

  it('reports a directory as model_unreadable', async () => {
    const path = join(dir, 'a-directory.gguf');
    await mkdir(path);
    await expectFailure(readModelFacts(path), 'model_unreadable', /is a directory/);
  });

  it('reports a path it cannot read as model_unreadable', async () => {
    // root reads past chmod 000, so as root (CI containers) use a socket, which no one can read as a file.
    const asRoot = process.getuid?.() === 0;
    const path = join(dir, 'unreadable.gguf');
    if (asRoot || process.platform === 'win32') {
      const server = createServer();
      await new Promise<void>((resolve) =>
        server.listen(process.platform === 'win32' ? '\\\\.\\pipe\\eva-gguf-test' : path, resolve),
      );
      try {
        const target = process.platform === 'win32' ? '\\\\.\\pipe\\eva-gguf-test' : path;
        await expectFailure(readModelFacts(target), 'model_unreadable', /not a regular file|cannot read/);
      } finally {
        server.close();
      }
    } else {
      await writeFile(path, encodeGguf(modelSpec()));
      await chmod(path, 0o000);
      await expectFailure(readModelFacts(path), 'model_unreadable', /no permission to read/);
    }
  });

  it('maps errno codes to app errors', () => {
    const errno = (code: string) => Object.assign(new Error(`${code}: boom`), { code });
    expect(fsFailure(errno('EACCES'), '/m').code).toBe('model_unreadable');
    expect(fsFailure(errno('EPERM'), '/m').code).toBe('model_unreadable');
    expect(fsFailure(errno('EISDIR'), '/m').code).toBe('model_unreadable');
    expect(fsFailure(errno('EIO'), '/m').message).toBe('cannot read /m: EIO: boom');
    expect(fsFailure(errno('ENOENT'), '/m').code).toBe('model_missing');
  });
});
