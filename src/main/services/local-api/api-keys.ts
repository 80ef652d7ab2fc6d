// The Local API's keys: made here, shown to the user once, and afterwards known
// only by their SHA-256 hash. A key names its own id (`eva-<id>-<secret>`), so a
// check finds the one record to compare with instead of trying every hash.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LocalApiKeyInfo } from '@shared/local-api/local-api-types';
import type { ApiErrorCode } from './openai-error';

/** A key as the server holds it: its record and the hash of its secret. */
export interface HeldKey {
  info: LocalApiKeyInfo;
  hash: string;
}

const KEY_PATTERN = /^eva-([a-z0-9]{12})-([A-Za-z0-9_-]{43})$/;

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A fresh key: its id and the full secret to show once. */
export function newKey(): { id: string; secret: string } {
  const id = randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 12);
  return { id, secret: `eva-${id}-${randomBytes(32).toString('base64url')}` };
}

/** The bearer token of an Authorization header (or an `x-api-key` one, as Anthropic-style clients send). */
export function presentedKey(headers: { authorization?: string; 'x-api-key'?: string | string[] }): string | null {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  if (bearer?.[1]) return bearer[1].trim();
  const apiKey = headers['x-api-key'];
  return typeof apiKey === 'string' && apiKey !== '' ? apiKey : null;
}

export type KeyCheck = { ok: true; key: LocalApiKeyInfo } | { ok: false; code: ApiErrorCode; message: string };

export function checkKey(presented: string | null, keys: ReadonlyMap<string, HeldKey>): KeyCheck {
  if (!presented)
    return { ok: false, code: 'missing_api_key', message: 'no API key: send one as "Authorization: Bearer <key>"' };
  const wrong: KeyCheck = { ok: false, code: 'invalid_api_key', message: 'the API key is not one of this server' };
  const match = KEY_PATTERN.exec(presented);
  const held = match?.[1] ? keys.get(match[1]) : undefined;
  if (!held) return wrong;
  const expected = Buffer.from(held.hash, 'hex');
  const got = Buffer.from(hashKey(presented), 'hex');
  if (expected.length !== got.length || !timingSafeEqual(expected, got)) return wrong;
  if (held.info.revokedAt !== null)
    return { ok: false, code: 'revoked_api_key', message: `the API key "${held.info.name}" was revoked` };
  return { ok: true, key: held.info };
}

/** Whether a key may use a model (an empty list allows every model). */
export function keyAllows(key: LocalApiKeyInfo, model: string): boolean {
  return key.allowedModels.length === 0 || key.allowedModels.includes(model);
}
