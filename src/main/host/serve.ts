// `npm run serve`: the browser host as a process. Prints exactly one line with
// the URL once it accepts requests; SIGINT/SIGTERM (or the end of its launcher)
// stop every child and exit 0. A second start on the same data dir is refused
// with the first one's address.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { errorText, AppFailure } from '@shared/errors';
import { createCore } from '../core';
import { exitWithParent } from '../services/process/exit-with-parent';
import { binDirs } from '../services/binaries/bin-dirs';
import { defaultDataDir } from '../services/data-dir/data-paths';
import { parseIntegerSetting } from '@shared/strict-number';
import { appVersion, findAppRoot } from './app-root';
import { startBrowserHost } from './browser-host';

async function main(): Promise<void> {
  const appRoot = findAppRoot(import.meta.dirname);
  const rendererDir = join(appRoot, 'out', 'renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`the renderer is not built (${rendererDir}); run \`npm run build\``);
  }
  // Unset or empty picks a free port; anything else must be plain decimal ('0x50' is not port 80).
  const port = process.env.EVA_PORT
    ? parseIntegerSetting('EVA_PORT', process.env.EVA_PORT, { min: 0, max: 65535 })
    : { ok: true as const, value: 0 };
  if (!port.ok) throw new Error(port.error.message);

  // Listening before the core starts anything: a stop during start-up waits for it, then stops it all.
  let stopping = false;
  let host: Awaited<ReturnType<typeof startBrowserHost>> | null = null;
  const shutdown = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    // A start that failed was reported by main(); stopping has only the host left to close.
    const core = await starting.catch(() => null);
    await host?.close();
    await core?.dispose();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  exitWithParent(process.env, process.stdin, () => void shutdown());

  const built = import.meta.url.endsWith('.js');
  const starting = createCore({
    host: 'browser',
    version: appVersion(appRoot),
    dataDir: defaultDataDir(),
    binDirs: binDirs({ appRoot }),
    pythonEnvDir: process.env.EVA_PYTHON_ENV_DIR || undefined,
    systemLanguage: Intl.DateTimeFormat().resolvedOptions().locale,
    // Built, the worker sits beside this file; run from source (tsx), the core's default TS entry is used.
    toolWorker: built ? { entry: join(import.meta.dirname, 'tool-worker.js'), execArgv: [] } : undefined,
    guardian: {
      command: process.execPath,
      args: built
        ? [join(import.meta.dirname, 'process-guardian.js')]
        : ['--import', 'tsx', join(import.meta.dirname, '..', 'workers', 'process-guardian.ts')],
    },
  });
  const core = await starting;
  if (stopping) return; // shutdown() is stopping it
  host = await startBrowserHost({
    handlers: core.handlers,
    events: core.events,
    rendererDir,
    port: port.value,
    modelUploads: core.models,
  });
  await core.lock.announce({ url: host.url });
  console.log(`EVA Desktop is at ${host.url}`);
}

main().catch((error: unknown) => {
  const message = errorText(error);
  console.error(
    error instanceof AppFailure && error.code === 'already_running'
      ? message
      : `EVA Desktop could not start: ${message}`,
  );
  process.exit(error instanceof AppFailure && error.code === 'already_running' ? 3 : 1);
});
