import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localKeyFileCipher } from './secret-cipher';
import { openSecretStore } from './secret-store';

const dir = () => mkdtemp(join(tmpdir(), 'eva-secrets-'));

describe('secret store with the local key file', () => {
  it('never writes the key in clear and reads it back after reopening', async () => {
    const root = await dir();
    const cipher = await localKeyFileCipher(join(root, 'local-secret.key'));
    const store = await openSecretStore(join(root, 'secrets.json'), cipher);
    await store.set('openai', 'sk-very-secret-123');
    expect(await readFile(join(root, 'secrets.json'), 'utf8')).not.toContain('sk-very-secret');
    expect((await stat(join(root, 'local-secret.key'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(root, 'secrets.json'))).mode & 0o777).toBe(0o600);
    const reopened = await openSecretStore(
      join(root, 'secrets.json'),
      await localKeyFileCipher(join(root, 'local-secret.key')),
    );
    expect(reopened.has('openai')).toBe(true);
    expect(await reopened.get('openai')).toBe('sk-very-secret-123');
    expect(await reopened.get('missing')).toBeNull();
    await reopened.remove('openai');
    expect(reopened.has('openai')).toBe(false);
  });

  it('refuses a tampered secret instead of returning garbage', async () => {
    const root = await dir();
    const store = await openSecretStore(join(root, 'secrets.json'), await localKeyFileCipher(join(root, 'k')));
    await store.set('x', 'hello');
    const sealed = JSON.parse(await readFile(join(root, 'secrets.json'), 'utf8')) as Record<string, string>;
    const parts = (sealed.x ?? '').split('.');
    parts[3] = Buffer.from('HELLO').toString('base64');
    await writeFile(join(root, 'secrets.json'), JSON.stringify({ x: parts.join('.') }));
    const reopened = await openSecretStore(join(root, 'secrets.json'), await localKeyFileCipher(join(root, 'k')));
    await expect(reopened.get('x')).rejects.toThrow();
  });

  it('a different key file cannot read the secrets', async () => {
    const root = await dir();
    const store = await openSecretStore(join(root, 'secrets.json'), await localKeyFileCipher(join(root, 'k1')));
    await store.set('x', 'hello');
    const other = await openSecretStore(join(root, 'secrets.json'), await localKeyFileCipher(join(root, 'k2')));
    await expect(other.get('x')).rejects.toThrow();
  });
});
