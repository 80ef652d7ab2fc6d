// What fit last time, per model file, device and settings: after a load had to
// shrink to fit, the next load of the same thing starts from what worked instead
// of failing the same way again. Kept in one small JSON file in the data folder.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { FitPoint } from '@shared/contract';
import { writeFileAtomic } from '../../fs/atomic-write';

export interface FitMemory {
  recall(key: string): FitPoint | null;
  remember(key: string, point: FitPoint): Promise<void>;
  forget(key: string): Promise<void>;
}

interface Entry extends FitPoint {
  at: number;
}

/** Oldest entries go first past this many: a model loaded long ago on a card since replaced is not worth keeping. */
const MAX_ENTRIES = 200;

/**
 * The key of one request: the launch as asked (every setting, in its launch key),
 * the model file as it is now (a file replaced under the same name is another
 * model) and the devices it loads on (another card fits differently).
 */
export async function fitMemoryKey(launchKey: string, modelPath: string, devices: string): Promise<string | null> {
  try {
    const file = await stat(modelPath);
    return createHash('sha256')
      .update(JSON.stringify([launchKey, file.size, Math.round(file.mtimeMs), devices]))
      .digest('hex')
      .slice(0, 40);
  } catch {
    return null;
  }
}

/**
 * The store in `file`, or in memory only when there is no file (an embedding server, a test). A damaged file starts
 * empty.
 */
export async function openFitMemory(
  file: string | undefined,
  log: (line: string) => void = () => {},
): Promise<FitMemory> {
  const entries = new Map<string, Entry>(file ? await readEntries(file, log) : []);
  const save = async (): Promise<void> => {
    if (!file) return;
    const newest = [...entries].sort(([, a], [, b]) => b.at - a.at).slice(0, MAX_ENTRIES);
    entries.clear();
    for (const [key, entry] of newest) entries.set(key, entry);
    await writeFileAtomic(file, JSON.stringify({ version: 1, entries: Object.fromEntries(newest) }, null, 1));
  };
  return {
    recall: (key) => {
      const entry = entries.get(key);
      return entry ? { gpuLayers: entry.gpuLayers, contextSize: entry.contextSize } : null;
    },
    remember: async (key, point) => {
      entries.set(key, { gpuLayers: point.gpuLayers, contextSize: point.contextSize, at: Date.now() });
      await save();
    },
    forget: async (key) => {
      if (entries.delete(key)) await save();
    },
  };
}

async function readEntries(file: string, log: (line: string) => void): Promise<[string, Entry][]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  try {
    const parsed = JSON.parse(text) as { entries?: Record<string, unknown> };
    return Object.entries(parsed.entries ?? {}).filter((pair): pair is [string, Entry] => isEntry(pair[1]));
  } catch (error) {
    log(`the remembered fits (${file}) could not be read and start empty: ${(error as Error).message}`);
    return [];
  }
}

function isEntry(value: unknown): value is Entry {
  const entry = value as Partial<Entry> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    Number.isInteger(entry.gpuLayers) &&
    Number.isInteger(entry.contextSize) &&
    typeof entry.at === 'number'
  );
}
