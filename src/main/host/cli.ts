// `npm run serve`: the browser host as a process. Prints exactly one line with
// the URL once it accepts requests; SIGINT/SIGTERM stop every child and exit 0.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { createCore } from '../core';
import { binDirs } from '../services/app/bin-dirs';
import { defaultDataDir } from '../services/app/data-paths';
import { appVersion, findAppRoot } from './app-root';
import { startBrowserHost } from './browser-host';

async function main(): Promise<void> {
  const appRoot = findAppRoot(import.meta.dirname);
  const rendererDir = join(appRoot, 'out', 'renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`the renderer is not built (${rendererDir}); run \`npm run build\``);
  }
  const port = process.env.EVA_PORT ? Number(process.env.EVA_PORT) : 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`EVA_PORT must be a port number, got ${process.env.EVA_PORT}`);

  const core = await createCore({
    host: 'browser',
    version: appVersion(appRoot),
    dataDir: defaultDataDir(),
    binDirs: binDirs({ appRoot }),
    systemLanguage: Intl.DateTimeFormat().resolvedOptions().locale,
    // Built, the worker sits beside this file; run from source (tsx), the core's default TS entry is used.
    toolWorker: import.meta.url.endsWith('.js') ? { entry: join(import.meta.dirname, 'tool-worker.js'), execArgv: [] } : undefined,
  });
  const host = await startBrowserHost({ handlers: core.handlers, events: core.events, rendererDir, port });
  console.log(`EVA Desktop is at ${host.url}`);

  let stopping = false;
  const shutdown = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await core.dispose();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(`EVA Desktop could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
