import { describe, expect, it } from 'vitest';
import { checkKey, hashKey, keyAllows, newKey, presentedKey, type HeldKey } from './api-keys';

const held = (revokedAt: number | null = null) => {
  const { id, secret } = newKey();
  const key: HeldKey = {
    info: { id, name: 'editor', allowedModels: [], createdAt: 1, revokedAt },
    hash: hashKey(secret),
  };
  return { secret, keys: new Map([[id, key]]) };
};

describe('Local API keys', () => {
  it('accepts the key it made and names it', () => {
    const { secret, keys } = held();
    expect(checkKey(secret, keys)).toMatchObject({ ok: true, key: { name: 'editor' } });
  });

  it('tells a missing, a wrong and a revoked key apart', () => {
    const { secret, keys } = held();
    expect(checkKey(null, keys)).toMatchObject({ ok: false, code: 'missing_api_key' });
    expect(checkKey(`${secret.slice(0, -1)}${secret.endsWith('a') ? 'b' : 'a'}`, keys)).toMatchObject({
      ok: false,
      code: 'invalid_api_key',
    });
    expect(checkKey('sk-something-else', keys)).toMatchObject({ ok: false, code: 'invalid_api_key' });
    const revoked = held(5);
    expect(checkKey(revoked.secret, revoked.keys)).toMatchObject({ ok: false, code: 'revoked_api_key' });
  });

  it('reads a bearer token or an x-api-key header', () => {
    expect(presentedKey({ authorization: 'Bearer  abc ' })).toBe('abc');
    expect(presentedKey({ 'x-api-key': 'def' })).toBe('def');
    expect(presentedKey({})).toBeNull();
  });

  it('limits a key to its allowed models when it lists some', () => {
    const info = { id: 'a', name: 'n', allowedModels: ['qwen'], createdAt: 0, revokedAt: null };
    expect(keyAllows(info, 'qwen')).toBe(true);
    expect(keyAllows(info, 'llama')).toBe(false);
    expect(keyAllows({ ...info, allowedModels: [] }, 'llama')).toBe(true);
  });
});
