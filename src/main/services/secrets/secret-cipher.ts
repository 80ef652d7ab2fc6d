// How secrets (API keys) are encrypted at rest. Electron uses the OS keychain
// through safeStorage (src/main/electron/safe-storage-cipher.ts); the browser
// host uses AES-256-GCM with a random key kept in a clearly named 0600 file.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, readFile, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../fs/atomic-write';

export interface SecretCipher {
  /** where the protection comes from, shown in settings */
  readonly kind: 'os-keychain' | 'local-key-file';
  encrypt(plain: string): Promise<string>;
  decrypt(sealed: string): Promise<string>;
}

const KEY_BYTES = 32;
const IV_BYTES = 12;

/** AES-256-GCM with a key file created on first use with mode 0600. */
export async function localKeyFileCipher(keyFile: string): Promise<SecretCipher> {
  const key = await loadOrCreateKey(keyFile);
  return {
    kind: 'local-key-file',
    async encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    async decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

async function loadOrCreateKey(keyFile: string): Promise<Buffer> {
  try {
    const key = await readFile(keyFile);
    if (key.length !== KEY_BYTES) throw new Error(`${keyFile} is not a ${KEY_BYTES}-byte key`);
    // Tighten permissions that someone loosened by hand.
    if (process.platform !== 'win32' && ((await stat(keyFile)).mode & 0o077) !== 0) await chmod(keyFile, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(KEY_BYTES);
  await writeFileAtomic(keyFile, key, 0o600);
  return key;
}
