// What readGgufHeader and readModelFacts say of a file that is no good GGUF file:
// random bytes, an old format, an empty or cut file, an unsupported version, absurd
// lengths and counts, unknown types, duplicate keys, arrays nested too deep.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeGguf, kv, type GgufFileSpec, type GgufKv } from '@scripts/fixtures/gguf-writer';
import { AppFailure } from '@shared/errors';
import { appFailureOf as failure } from '@test-support/app-failure';
import { expectFailure, modelSpec } from '@test-support/backend/gguf-test-model';
import { readModelFacts } from '../model/model-facts';
import { readGgufHeader } from './gguf-reader';
import { GgufType } from './gguf-values';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-gguf-bad-'));
});

async function fixture(name: string, bytes: Buffer | GgufFileSpec): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, Buffer.isBuffer(bytes) ? bytes : encodeGguf(bytes));
  return path;
}

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
