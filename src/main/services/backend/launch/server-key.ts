// The API key of one managed llama-server launch. A fresh random key is made
// for every launch so nothing but EVA (which holds it in memory) can use the
// server, not a web page that finds the port and not another local user. It
// reaches llama-server through the environment (LLAMA_API_KEY, read by
// common/arg.cpp exactly like --api-key), never the argv: a process's argv is
// readable by every local user, its environment only by its owner.
import { createHash, randomBytes } from 'node:crypto';
import { csvValue } from './csv-value';

/** 256 random bits, base64url: no comma or quote, so it is always one CSV value. */
export function newLaunchKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The environment that gives llama-server its keys: EVA's own launch key and,
 * when the user set one for clients on the network, theirs beside it.
 */
export function serverKeyEnv(launchKey: string, userKey: string): Record<string, string> {
  const keys = userKey ? [launchKey, csvValue(userKey)] : [launchKey];
  return { LLAMA_API_KEY: keys.join(',') };
}

/** Stands for the user's key in a restart key: a change of key restarts the server, the key itself is not kept. */
export function userKeyFingerprint(userKey: string): string {
  return userKey ? createHash('sha256').update(userKey).digest('hex').slice(0, 16) : '';
}
