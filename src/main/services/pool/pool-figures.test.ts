// What the pool's memory budget counts for a model: its file and the KV cache of its context, and the same of its
// draft model where it speculates with one.
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeGguf, kv } from '@scripts/fixtures/gguf-writer';
import { defaultSettings } from '@shared/default-settings';
import { modelSpec } from '@test-support/backend/gguf-test-model';
import { estimateBytes } from './pool-figures';

describe('estimateBytes', () => {
  it('adds the draft model’s weights and cache to its model’s', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eva-pool-figures-'));
    // With attention heads the KV cache a token takes is known, so the context counts.
    const heads = { 'llama.attention.head_count': kv.u32(2), 'llama.attention.head_count_kv': kv.u32(2) };
    const model = join(dir, 'model.gguf');
    const draft = join(dir, 'draft.gguf');
    await writeFile(model, encodeGguf(modelSpec({ ...heads, 'llama.embedding_length': kv.u32(8) })));
    await writeFile(draft, encodeGguf(modelSpec({ ...heads, 'llama.embedding_length': kv.u32(8) }, 80)));
    const load = { ...defaultSettings().load, contextSize: 1000 };
    const alone = await estimateBytes({ id: 'm', path: model, contextSize: 0 }, load);
    const speculative = { mode: 'draft' as const, draftPath: draft, draftMax: 3, draftMin: 0 };
    const withDraft = await estimateBytes({ id: 'm', path: model, contextSize: 0, speculative }, load);
    const draftAlone = await estimateBytes({ id: 'd', path: draft, contextSize: 0 }, load);
    expect(alone).toBeGreaterThan((await stat(model)).size);
    expect(withDraft).toBe(alone + draftAlone);
    const ngram = await estimateBytes(
      { id: 'm', path: model, contextSize: 0, speculative: { ...speculative, mode: 'ngram' } },
      load,
    );
    expect(ngram).toBe(alone);
  });
});
