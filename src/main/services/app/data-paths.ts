// Where user data lives. `EVA_DATA_DIR` moves all of it (tests always use a temp dir).
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface DataPaths {
  root: string;
  slots: string;
  logs: string;
  history: string;
  workspace: string;
}

/** The default data dir of the browser host, matching Electron's userData on each OS. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform, home = homedir()): string {
  if (env.EVA_DATA_DIR) return env.EVA_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'eva-desktop');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'eva-desktop');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'eva-desktop');
}

export async function ensureDataPaths(root: string): Promise<DataPaths> {
  const paths: DataPaths = { root, slots: join(root, 'slots'), logs: join(root, 'logs'), history: join(root, 'history'), workspace: join(root, 'workspace') };
  await Promise.all(Object.values(paths).map((dir) => mkdir(dir, { recursive: true })));
  return paths;
}
