import { describe, expect, it } from 'vitest';
import { seededRandom } from '@test-support/seeded-random';
import { bytesToBase64 } from './base64';

/** The platform's own encoder (btoa exists in browsers and Node) as the reference. */
const reference = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));

describe('bytesToBase64', () => {
  it('matches the platform encoder for every padding case', () => {
    for (let length = 0; length < 10; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + 13) & 255);
      expect(bytesToBase64(bytes)).toBe(reference(bytes));
    }
  });

  it('matches the platform encoder on a recording-sized payload across slice boundaries', () => {
    const random = seededRandom(7);
    const bytes = Uint8Array.from({ length: 100_003 }, () => Math.floor(random() * 256));
    expect(bytesToBase64(bytes)).toBe(reference(bytes));
  });
});
