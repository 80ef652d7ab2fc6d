import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeGguf, kv, type GgufFileSpec, type GgufKv } from '@scripts/fixtures/gguf-writer';
import { expectFailure, modelSpec } from '@test-support/backend/gguf-test-model';
import { readGgufHeader } from '../gguf/gguf-reader';
import { readModelFacts } from './model-facts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-facts-'));
});

async function fixture(name: string, bytes: Buffer | GgufFileSpec): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, Buffer.isBuffer(bytes) ? bytes : encodeGguf(bytes));
  return path;
}

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
