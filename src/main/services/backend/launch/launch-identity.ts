// What one launch's KV cache belongs to: the launch (model path, context,
// cache types, offload… all in its key) and the model file as it is on disk
// now, so a file replaced under the same name is another model.
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';

export function launchIdentityOf(parts: { launchKey: string; modelBytes: number; modelMtimeMs: number }): string {
  return createHash('sha256')
    .update(JSON.stringify([parts.launchKey, parts.modelBytes, Math.round(parts.modelMtimeMs)]))
    .digest('hex')
    .slice(0, 40);
}

export async function launchIdentity(launchKey: string, modelPath: string): Promise<string | undefined> {
  try {
    const file = await stat(modelPath);
    return launchIdentityOf({ launchKey, modelBytes: file.size, modelMtimeMs: file.mtimeMs });
  } catch {
    // No file to vouch for the cache (the load fails on its own anyway): no slot is saved.
    return undefined;
  }
}
