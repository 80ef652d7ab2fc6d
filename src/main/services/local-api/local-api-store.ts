// What the Local API keeps between starts: its settings and the records of its
// keys in `<data>/local-api.json`, each key's hash sealed in the secret store.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_LOCAL_API_SETTINGS,
  LocalApiSettingsSchema,
  type LocalApiKeyInfo,
  type LocalApiSettings,
} from '@shared/local-api/local-api-types';
import { writeFileAtomic } from '../fs/atomic-write';
import type { SecretStore } from '../secrets/secret-store';
import { hashKey, newKey, type HeldKey } from './api-keys';

const KeyInfoSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  allowedModels: z.array(z.string()),
  createdAt: z.number(),
  revokedAt: z.number().nullable(),
});
const FileSchema = z.object({
  settings: LocalApiSettingsSchema.partial().default({}),
  keys: z.array(KeyInfoSchema).default([]),
});

const secretId = (keyId: string) => `local-api-key:${keyId}`;

export interface LocalApiStore {
  settings(): LocalApiSettings;
  updateSettings(patch: Partial<LocalApiSettings>): Promise<LocalApiSettings>;
  /** the keys with their hashes, by id */
  keys(): ReadonlyMap<string, HeldKey>;
  createKey(name: string, allowedModels: string[]): Promise<{ key: LocalApiKeyInfo; secret: string }>;
  revokeKey(id: string): Promise<LocalApiKeyInfo | null>;
}

export async function openLocalApiStore(deps: {
  dataDir: string;
  secrets: SecretStore;
  now: () => number;
}): Promise<LocalApiStore> {
  const file = join(deps.dataDir, 'local-api.json');
  let stored: z.infer<typeof FileSchema> = { settings: {}, keys: [] };
  try {
    stored = FileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
  let settings: LocalApiSettings = { ...DEFAULT_LOCAL_API_SETTINGS, ...stored.settings };
  const held = new Map<string, HeldKey>();
  for (const info of stored.keys) {
    // A record whose sealed hash is gone (secrets.json restored from elsewhere) can never match: it is left out.
    const hash = deps.secrets.has(secretId(info.id)) ? await deps.secrets.get(secretId(info.id)) : null;
    if (hash) held.set(info.id, { info, hash });
  }
  const persist = () =>
    writeFileAtomic(
      file,
      `${JSON.stringify({ settings, keys: [...held.values()].map((key) => key.info) }, null, 2)}\n`,
      0o600,
    );

  return {
    settings: () => settings,
    async updateSettings(patch) {
      settings = LocalApiSettingsSchema.parse({ ...settings, ...patch });
      await persist();
      return settings;
    },
    keys: () => held,
    async createKey(name, allowedModels) {
      const { id, secret } = newKey();
      const info: LocalApiKeyInfo = { id, name, allowedModels, createdAt: deps.now(), revokedAt: null };
      const hash = hashKey(secret);
      // Sealed first: a record without its hash is dropped at the next start, a hash without a record never matches.
      await deps.secrets.set(secretId(id), hash);
      held.set(id, { info, hash });
      await persist();
      return { key: info, secret };
    },
    async revokeKey(id) {
      const key = held.get(id);
      if (!key) return null;
      // The hash stays so the key is answered "revoked" rather than "wrong".
      if (key.info.revokedAt === null) key.info = { ...key.info, revokedAt: deps.now() };
      await persist();
      return key.info;
    },
  };
}
