// Backends are found in the dev tree (`<repo>/bin`) and in a packaged app
// (`<resources>/bin`, electron-builder's extraResources). `EVA_BIN_DIR` comes
// first so tests and power users can point at other builds.
import { join } from 'node:path';

export function binDirs(options: { appRoot: string; resourcesPath?: string; env?: NodeJS.ProcessEnv }): string[] {
  const env = options.env ?? process.env;
  const dirs = [
    env.EVA_BIN_DIR,
    options.resourcesPath && join(options.resourcesPath, 'bin'),
    join(options.appRoot, 'bin'),
  ];
  return [...new Set(dirs.filter((dir): dir is string => Boolean(dir)))];
}
