import { describe, expect, it } from 'vitest';
import { newId } from './new-id';

describe('newId', () => {
  it('uses randomUUID where the context has it', () => {
    expect(newId({ randomUUID: () => '00000000-0000-4000-8000-000000000000', getRandomValues: (a) => a })).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });

  it('builds a v4 UUID from random bytes in an insecure context (the LAN browser host)', () => {
    const id = newId({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => (
        new Uint8Array((array as unknown as Uint8Array).buffer).fill(255),
        array
      ),
    });
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newId({ getRandomValues: (a) => globalThis.crypto.getRandomValues(a) })).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
