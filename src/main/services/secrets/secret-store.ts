// API keys by id in `<data>/secrets.json`, each sealed by a SecretCipher. Keys
// are read only by the core when it calls an endpoint; the renderer only ever
// learns whether a key is stored.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../fs/atomic-write';
import type { SecretCipher } from './secret-cipher';

export interface SecretStore {
  readonly protection: SecretCipher['kind'];
  has(id: string): boolean;
  get(id: string): Promise<string | null>;
  set(id: string, secret: string): Promise<void>;
  remove(id: string): Promise<void>;
}

export async function openSecretStore(file: string, cipher: SecretCipher): Promise<SecretStore> {
  let sealed: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      sealed = Object.fromEntries(
        Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  const persist = () => writeFileAtomic(file, `${JSON.stringify(sealed, null, 2)}\n`, 0o600);

  return {
    protection: cipher.kind,
    has: (id) => Object.prototype.hasOwnProperty.call(sealed, id),
    async get(id) {
      const value = Object.prototype.hasOwnProperty.call(sealed, id) ? sealed[id] : undefined;
      return value === undefined ? null : cipher.decrypt(value);
    },
    async set(id, secret) {
      sealed = { ...sealed, [id]: await cipher.encrypt(secret) };
      await persist();
    },
    async remove(id) {
      if (!Object.prototype.hasOwnProperty.call(sealed, id)) return;
      const { [id]: _removed, ...rest } = sealed;
      sealed = rest;
      await persist();
    },
  };
}
