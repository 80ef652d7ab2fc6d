// readGgufHeader on good files (what it reads, keeps and skips) and on paths the
// file system refuses; bad files are in gguf-reader-bad-files.test.ts, the facts
// derived from a header in ../model/model-facts.test.ts.
import { chmod, mkdir, mkdtemp, open, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeGguf, kv, type GgufFileSpec } from '@scripts/fixtures/gguf-writer';
import { appFailureOf as failure } from '@test-support/app-failure';
import { expectFailure, modelSpec, vocab } from '@test-support/backend/gguf-test-model';
import { readModelFacts } from '../model/model-facts';
import { fsFailure, readGgufHeader } from './gguf-reader';
import { GgufType } from './gguf-values';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-gguf-'));
});

async function fixture(name: string, bytes: Buffer | GgufFileSpec): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, Buffer.isBuffer(bytes) ? bytes : encodeGguf(bytes));
  return path;
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

  // How fast (the first, cold read is the one a user waits for) is measured by `npm run bench -- backend.gguf_header`.
  it('reads the header of a 32000-token vocabulary', async () => {
    const path = await fixture('vocab32k.gguf', { ...modelSpec({}, 32_000), tensors: [] });
    const header = await readGgufHeader(path);
    expect(header.metadata.get('tokenizer.ggml.tokens')).toEqual({ type: GgufType.STRING, length: 32_000 });
  });

  it('reads only the header of a huge file', async () => {
    const path = await fixture('sparse.gguf', modelSpec());
    const file = await open(path, 'r+');
    // Sparse: no disk used. Reading a terabyte would outlast the test's timeout many times over.
    await file.truncate(1024 ** 4);
    await file.close();
    const facts = await readModelFacts(path);
    expect(facts.fileSize).toBe(1024 ** 4);
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
