import { describe, expect, it } from 'vitest';
import type { GgufValue } from '../gguf/gguf-values';
import { readModelFacts } from './model-facts';
import { kvBytesPerToken, OVERHEAD_MiB, recommendContext, roundContext, UNKNOWN_MEMORY_CAP } from './recommend-context';
import { testAssets } from '@test-support/test-assets';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const meta = (entries: Record<string, GgufValue>) => new Map(Object.entries(entries));

describe('kvBytesPerToken', () => {
  it('is n_layer × (k + v per token) × 2 bytes, with grouped-query heads', () => {
    // A Llama-3-8B shape: 32 layers, 4096 wide, 32 heads, 8 KV heads → 128 KiB a token.
    const llama3 = meta({
      'llama.block_count': 32,
      'llama.embedding_length': 4096,
      'llama.attention.head_count': 32,
      'llama.attention.head_count_kv': 8,
    });
    expect(kvBytesPerToken(llama3, 'llama')).toBe(32 * (1024 + 1024) * 2);
  });

  it('uses key_length / value_length when the header gives them, and head_count when head_count_kv is absent', () => {
    const custom = meta({
      'x.block_count': 2,
      'x.embedding_length': 64,
      'x.attention.head_count': 4,
      'x.attention.key_length': 32,
      'x.attention.value_length': 16,
    });
    expect(kvBytesPerToken(custom, 'x')).toBe(2 * 4 * (32 + 16) * 2);
  });

  it('sums a per-layer head_count_kv array, and is 0 when the header lacks heads', () => {
    const varying = meta({
      'y.block_count': 2,
      'y.embedding_length': 64,
      'y.attention.head_count': 4,
      'y.attention.head_count_kv': { type: 5, length: 2, values: [1, 3] },
    });
    expect(kvBytesPerToken(varying, 'y')).toBe((1 + 3) * (16 + 16) * 2);
    expect(kvBytesPerToken(meta({ 'z.block_count': 2 }), 'z')).toBe(0);
  });

  it('reads the real test model: 2 layers × 4 KV heads × (16 + 16) × 2 bytes', async () => {
    const facts = await readModelFacts(testAssets.tinyModel);
    expect(facts.kvBytesPerToken).toBe(2 * 4 * (16 + 16) * 2);
  });
});

describe('roundContext', () => {
  it('rounds down to 1, 1.5, 2, 3, 4, 6 … × 1024', () => {
    expect(roundContext(40_000)).toBe(32_768);
    expect(roundContext(50_000)).toBe(49_152);
    expect(roundContext(2047)).toBe(1536);
    expect(roundContext(1024)).toBe(1024);
    expect(roundContext(700)).toBe(512);
    expect(roundContext(Number.NaN)).toBe(512);
  });
});

describe('recommendContext', () => {
  const perToken = 128 * 1024;
  it('takes the trained context when memory allows more', () => {
    const r = recommendContext({
      trained: 2048,
      kvBytesPerToken: 512,
      weightsBytes: 9 * MiB,
      freeBytes: 8 * GiB,
      memory: 'ram',
    });
    expect(r).toMatchObject({ tokens: 2048, trained: 2048, limit: 'trained', memory: 'ram' });
    expect(r.memoryAllows).toBeGreaterThan(2048);
  });

  it('caps a long trained context by what the free memory holds beside the weights', () => {
    // 16 GiB free × 90 % − 5 GiB of weights − 512 MiB overhead ≈ 8.9 GiB for the cache → 72,908 tokens → 65,536.
    const r = recommendContext({
      trained: 131_072,
      kvBytesPerToken: perToken,
      weightsBytes: 5 * GiB,
      freeBytes: 16 * GiB,
      memory: 'vram',
    });
    const room = 16 * GiB * 0.9 - 5 * GiB - OVERHEAD_MiB * MiB;
    expect(room / perToken).toBeGreaterThan(65_536);
    expect(r).toMatchObject({ tokens: 65_536, memoryAllows: 65_536, limit: 'memory', memory: 'vram' });
  });

  it('never goes below 512 tokens, even with no room at all', () => {
    expect(
      recommendContext({
        trained: 8192,
        kvBytesPerToken: perToken,
        weightsBytes: 10 * GiB,
        freeBytes: 4 * GiB,
        memory: 'ram',
      }).tokens,
    ).toBe(512);
  });

  it('does not trust a long trained context when free memory is unknown', () => {
    expect(
      recommendContext({
        trained: 131_072,
        kvBytesPerToken: perToken,
        weightsBytes: 0,
        freeBytes: null,
        memory: 'ram',
      }),
    ).toMatchObject({ tokens: UNKNOWN_MEMORY_CAP, limit: 'memory_unknown', memoryAllows: null });
    expect(
      recommendContext({ trained: 4096, kvBytesPerToken: 0, weightsBytes: 0, freeBytes: 8 * GiB, memory: 'ram' }),
    ).toMatchObject({ tokens: 4096, limit: 'trained' });
  });

  it('falls back to 4096 when the file does not say what it was trained for', () => {
    expect(
      recommendContext({ trained: 0, kvBytesPerToken: 512, weightsBytes: 0, freeBytes: 8 * GiB, memory: 'ram' }),
    ).toMatchObject({ tokens: 4096, limit: 'no_trained' });
  });
});
