// Where user data lives. `EVA_DATA_DIR` moves all of it (tests always use a temp dir).
import { chmod, mkdir } from 'node:fs/promises';
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
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
  home = homedir(),
): string {
  if (env.EVA_DATA_DIR) return env.EVA_DATA_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'eva-desktop');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'eva-desktop');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'eva-desktop');
}

/**
 * Creates the data dir private to the user (0700 on POSIX, also when an older
 * version made it 0755): it holds conversations, settings and keys, and with the
 * root closed nothing inside is readable by other users whatever its own mode.
 */
export async function ensureDataPaths(root: string): Promise<DataPaths> {
  const paths: DataPaths = {
    root,
    slots: join(root, 'slots'),
    logs: join(root, 'logs'),
    history: join(root, 'history'),
    workspace: join(root, 'workspace'),
  };
  await mkdir(root, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') await chmod(root, 0o700);
  await Promise.all(Object.values(paths).map((dir) => mkdir(dir, { recursive: true, mode: 0o700 })));
  return paths;
}
