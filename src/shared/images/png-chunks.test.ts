import { describe, expect, it } from 'vitest';
import { checkPng, crc32, readTextChunk, withTextChunk } from './png-chunks';
import { latin1, testPng } from '@test-support/images/png-test-bytes';

describe('checkPng', () => {
  it('accepts a whole PNG and reads its size', () => {
    expect(checkPng(testPng(64, 32))).toEqual({ ok: true, width: 64, height: 32 });
  });

  it('refuses what a full disk leaves: a PNG cut anywhere, or one with a damaged byte', () => {
    const whole = testPng(64, 64);
    for (const at of [4, 20, 40, whole.length - 12, whole.length - 1])
      expect(checkPng(whole.subarray(0, at)).ok).toBe(false);
    const damaged = whole.slice();
    damaged[45] = damaged[45]! ^ 0xff;
    expect(checkPng(damaged)).toEqual({ ok: false, why: 'the IDAT chunk is damaged (CRC)' });
    expect(checkPng(new TextEncoder().encode('GIF89a...'))).toEqual({ ok: false, why: 'not a PNG (no signature)' });
  });

  it('crc32 is the standard one', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

describe('withTextChunk / readTextChunk', () => {
  it('puts UTF-8 text before IEND and reads it back; the PNG stays whole', () => {
    const text = '{"prompt":"一只猫, watercolor"}';
    const tagged = withTextChunk(testPng(8, 8), 'eva-image', text);
    expect(checkPng(tagged).ok).toBe(true);
    expect(readTextChunk(tagged, 'eva-image')).toBe(text);
    expect(readTextChunk(tagged, 'parameters')).toBeNull();
  });

  it('replaces an earlier chunk of the same keyword instead of adding a second', () => {
    const twice = withTextChunk(withTextChunk(testPng(8, 8), 'eva-image', 'first'), 'eva-image', 'second');
    expect(readTextChunk(twice, 'eva-image')).toBe('second');
    expect(latin1(twice).split('eva-image').length - 1).toBe(1);
  });
});
