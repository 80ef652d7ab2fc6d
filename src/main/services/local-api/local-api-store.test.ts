import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localKeyFileCipher } from '../secrets/secret-cipher';
import { openSecretStore } from '../secrets/secret-store';
import { checkKey } from './api-keys';
import { openLocalApiStore } from './local-api-store';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const open = async () => {
  const secrets = await openSecretStore(join(dir, 'secrets.json'), await localKeyFileCipher(join(dir, 'k')));
  return openLocalApiStore({ dataDir: dir, secrets, now: () => 42 });
};

describe('what the Local API keeps', () => {
  it('keeps settings and keys across starts, never the key itself in plain text', async () => {
    dir = await mkdtemp(join(tmpdir(), 'eva-local-api-store-'));
    const first = await open();
    await first.updateSettings({ port: 41_401, corsOrigins: ['http://localhost:5173'] });
    const { key, secret } = await first.createKey('editor', ['qwen']);
    const again = await open();
    expect(again.settings()).toMatchObject({ port: 41_401, corsOrigins: ['http://localhost:5173'], enabled: false });
    expect(checkKey(secret, again.keys())).toMatchObject({
      ok: true,
      key: { name: 'editor', allowedModels: ['qwen'] },
    });
    const files =
      (await readFile(join(dir, 'local-api.json'), 'utf8')) + (await readFile(join(dir, 'secrets.json'), 'utf8'));
    expect(files).not.toContain(secret);
    await again.revokeKey(key.id);
    expect(checkKey(secret, (await open()).keys())).toMatchObject({ ok: false, code: 'revoked_api_key' });
  });
});
