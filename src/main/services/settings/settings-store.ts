// `<data>/settings.json`: read once, validated, written atomically. A file that
// is unreadable as JSON or fails the schema is kept as `settings.json.corrupt-<time>`
// and replaced by defaults, and the caller is told (never silently reset).
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { AppSettingsSchema, type AppSettings, type Notice, type SettingsPatch } from '../../../shared/contract';
import { writeFileAtomic } from '../fs/atomic-write';
import { defaultSettings } from '../../../shared/default-settings';

/** What the core may change: the renderer's patch, plus fields only services write (link profiles). */
export type CoreSettingsPatch = SettingsPatch & { links?: AppSettings['links'] };

export interface SettingsStore {
  get(): AppSettings;
  update(patch: CoreSettingsPatch): Promise<AppSettings>;
}

export async function openSettingsStore(dataDir: string, notify: (notice: Notice) => void, now: () => number = Date.now): Promise<SettingsStore> {
  const file = join(dataDir, 'settings.json');
  let current = await load(file, notify, now);

  return {
    get: () => current,
    async update(patch) {
      const next = AppSettingsSchema.parse({ ...current, ...patch, load: { ...current.load, ...patch.load }, chat: { ...current.chat, ...patch.chat }, tools: { ...current.tools, ...patch.tools } });
      await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
      current = next;
      return current;
    },
  };
}

async function load(file: string, notify: (notice: Notice) => void, now: () => number): Promise<AppSettings> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return defaultSettings();
    throw error;
  }
  const problem = parseProblem(text);
  if (problem.settings) return problem.settings;
  const backup = `${file}.corrupt-${now()}`;
  await rename(file, backup);
  notify({
    level: 'warning',
    code: 'settings_corrupt',
    message: `Settings file was damaged (${problem.reason}); it was kept as ${backup} and defaults are in use.`,
  });
  return defaultSettings();
}

function parseProblem(text: string): { settings: AppSettings; reason?: undefined } | { settings?: undefined; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { reason: `not JSON: ${(error as Error).message}` };
  }
  // Fill keys added by newer versions of the app from defaults, so an old file is not "corrupt".
  const defaults = defaultSettings();
  const merged =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? {
          ...defaults,
          ...raw,
          load: { ...defaults.load, ...((raw as { load?: object }).load ?? {}) },
          chat: { ...defaults.chat, ...((raw as { chat?: object }).chat ?? {}) },
          tools: { ...defaults.tools, ...((raw as { tools?: object }).tools ?? {}) },
        }
      : raw;
  const parsed = AppSettingsSchema.safeParse(merged);
  if (parsed.success) return { settings: parsed.data };
  const first = parsed.error.issues[0];
  return { reason: first ? `${first.path.join('.') || 'file'}: ${first.message}` : 'invalid' };
}
