// `<data>/settings.json`: read once, validated, written atomically. A file that
// is unreadable as JSON or fails the schema is kept as `settings.json.corrupt-<time>`
// and replaced by defaults, and the caller is told (never silently reset).
// Updates go through one queue: each patch is applied to the result of the one
// before, in call order, so two concurrent updates can never lose one another.
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { AppSettingsSchema, type AppSettings, type Notice, type SettingsPatch } from '@shared/contract';
import { writeFileAtomic } from '../fs/atomic-write';
import { defaultSettings } from '@shared/default-settings';
import { mergeBySchema } from '@shared/merge-settings';

/** What the core may change: the renderer's patch, plus fields only services write (link profiles). */
export type CoreSettingsPatch = SettingsPatch & { links?: AppSettings['links'] };

/**
 * A patch, or a function from the settings as they are when its turn in the queue
 * comes to a patch: the way to read-modify-write (a list) without losing a concurrent change.
 */
export type SettingsChange = CoreSettingsPatch | ((current: AppSettings) => CoreSettingsPatch);

export interface SettingsStore {
  /**
   * The local server's API key an older version kept in plain text (`load.apiKey`), for
   * the core to seal in the secret store; the next write leaves it out of the file.
   */
  readonly legacyLoadApiKey: string | null;
  get(): AppSettings;
  /** Queued after every earlier update; rejects (this caller only) when the result is invalid or cannot be written. */
  update(change: SettingsChange): Promise<AppSettings>;
}

export async function openSettingsStore(
  dataDir: string,
  notify: (notice: Notice) => void,
  now: () => number = Date.now,
): Promise<SettingsStore> {
  const file = join(dataDir, 'settings.json');
  const loaded = await load(file, notify, now);
  let current = loaded.settings;
  // The tail of the queue; it never rejects, so one failed update does not fail the ones after it.
  let queue: Promise<unknown> = Promise.resolve();

  const apply = async (change: SettingsChange): Promise<AppSettings> => {
    const patch = typeof change === 'function' ? change(current) : change;
    const next = AppSettingsSchema.parse(mergeBySchema(AppSettingsSchema, current, patch));
    const text = `${JSON.stringify(next, null, 2)}\n`;
    try {
      await writeFileAtomic(file, text, 0o600);
    } catch (error) {
      // The rename may have landed before a later step (the directory fsync) failed:
      // memory follows whatever the file now holds, and the caller still hears of the failure.
      // A file that cannot be read back does not hold `text`; the write error thrown below is what the caller hears.
      if ((await readFile(file, 'utf8').catch(() => null)) === text) current = next;
      throw error;
    }
    current = next;
    return next;
  };

  return {
    legacyLoadApiKey: loaded.legacyLoadApiKey,
    get: () => current,
    update(change) {
      const result = queue.then(() => apply(change));
      queue = result.catch(() => undefined); // the caller awaits `result` and gets the error
      return result;
    },
  };
}

async function load(
  file: string,
  notify: (notice: Notice) => void,
  now: () => number,
): Promise<{ settings: AppSettings; legacyLoadApiKey: string | null }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { settings: defaultSettings(), legacyLoadApiKey: null };
    throw error;
  }
  const problem = parseProblem(text);
  if (problem.settings) return { settings: problem.settings, legacyLoadApiKey: problem.legacyLoadApiKey };
  const backup = `${file}.corrupt-${now()}`;
  await rename(file, backup);
  notify({
    level: 'warning',
    code: 'settings_corrupt',
    message: `Settings file was damaged (${problem.reason}); it was kept as ${backup} and defaults are in use.`,
    details: { reason: problem.reason, backup },
  });
  return { settings: defaultSettings(), legacyLoadApiKey: null };
}

function parseProblem(
  text: string,
):
  | { settings: AppSettings; legacyLoadApiKey: string | null; reason?: undefined }
  | { settings?: undefined; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { reason: `not JSON: ${(error as Error).message}` };
  }
  // Sections and fields added by newer versions come from the defaults, so an old file is not "corrupt".
  const merged = mergeBySchema(AppSettingsSchema, defaultSettings(), raw);
  const parsed = AppSettingsSchema.safeParse(merged);
  if (parsed.success) return { settings: parsed.data, legacyLoadApiKey: legacyKeyIn(raw) };
  const first = parsed.error.issues[0];
  return { reason: first ? `${first.path.join('.') || 'file'}: ${first.message}` : 'invalid' };
}

/** `load.apiKey` as versions before the secret store wrote it; the schema drops it from the settings. */
function legacyKeyIn(raw: unknown): string | null {
  const load = raw && typeof raw === 'object' ? (raw as { load?: unknown }).load : undefined;
  const key = load && typeof load === 'object' ? (load as { apiKey?: unknown }).apiKey : undefined;
  return typeof key === 'string' && key !== '' ? key : null;
}
