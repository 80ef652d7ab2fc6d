// The Electron app: the lifecycle (app-lifecycle.ts) around what the shell builds
// once the app is ready — the core (the same one the browser host runs), the IPC host,
// the loopback host for terminal clients, the window and the tray. The core and the
// host come in as dependencies, so the wiring is tested with stand-ins.
import { app, dialog, globalShortcut, session, shell, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Core, CoreOptions } from '../core';
import type { BrowserHost, BrowserHostOptions } from '../host/browser-host';
import { binDirs } from '../services/binaries/bin-dirs';
import { appUrlMatcher } from '../services/app-page/app-url';
import { exitWithParent } from '../services/process/exit-with-parent';
import { errorText, AppFailure } from '@shared/errors';
import { runAppLifecycle, type AppLifecycle, type ShellControl } from './app-lifecycle';
import { registerIpc } from './ipc-host';
import { createMainWindow } from './main-window';
import { pickModelFile } from './pick-model';
import { revealWindow } from './reveal-window';
import { hardenSession } from './security';
import { createTray } from './tray';
import { safeStorageCipher } from './safe-storage-cipher';
import { electronGlobalShortcuts } from './global-shortcuts';
import { captureWithDesktopCapturer } from './screen-capture';

export interface DesktopShellDeps {
  /** the folder of the built main entry (out/main): the renderer, the preload and the workers lie beside it */
  mainDir: string;
  env: NodeJS.ProcessEnv;
  /** the launcher's pipe (exitWithParent) */
  stdin: Readable;
  createCore(options: CoreOptions): Promise<Core>;
  startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost>;
}

/** null when another instance runs on this data dir: this one quits. */
export function runDesktopApp(deps: DesktopShellDeps): AppLifecycle | null {
  let win: BrowserWindow | null = null;
  let core: Core | null = null;
  // Electron's single-instance lock is per userData: one app per data dir, EVA_DATA_DIR included.
  if (deps.env.EVA_DATA_DIR) app.setPath('userData', deps.env.EVA_DATA_DIR);
  const lifecycle = runAppLifecycle({
    app,
    start: async (control) => {
      await startShell(deps, control, {
        window: () => win,
        setWindow: (next) => (win = next),
        setCore: (next) => (core = next),
      });
    },
    window: () => win,
    keepInTray: () => core?.settings.get().hideToTrayOnClose ?? false,
    releaseShortcuts: () => globalShortcut.unregisterAll(),
    reportStartFailure: (error) => {
      // The core's own data-dir lock is the second line (another host — the browser one — may hold the data dir).
      const message = errorText(error);
      dialog.showErrorBox(
        'EVA Desktop',
        error instanceof AppFailure && error.code === 'already_running'
          ? message
          : `EVA Desktop could not start: ${message}`,
      );
    },
    reportStopFailure: (error) => console.error(`EVA: a part did not stop cleanly on quit (${errorText(error)})`),
  });
  if (lifecycle) exitWithParent(deps.env, deps.stdin, () => app.quit());
  return lifecycle;
}

interface ShellState {
  window(): BrowserWindow | null;
  setWindow(win: BrowserWindow): void;
  setCore(core: Core): void;
}

async function startShell(deps: DesktopShellDeps, control: ShellControl, state: ShellState): Promise<void> {
  const appRoot = app.getAppPath();
  const rendererUrl = deps.env.ELECTRON_RENDERER_URL ?? null;
  const rendererFile = join(deps.mainDir, '../renderer/index.html');
  const isAppUrl = appUrlMatcher(rendererUrl, rendererFile);
  hardenSession(isAppUrl, session.defaultSession);
  const reveal = () => revealWindow(state.window());

  const core = await deps.createCore({
    host: 'electron',
    version: app.getVersion(),
    dataDir: app.getPath('userData'),
    binDirs: binDirs({ appRoot, resourcesPath: app.isPackaged ? process.resourcesPath : undefined }),
    pythonEnvDir: deps.env.EVA_PYTHON_ENV_DIR || undefined,
    systemLanguage: app.getLocale(),
    pickModel: () => pickModelFile(state.window()),
    openExternal: (url) => shell.openExternal(url),
    openFolder: (path) => shell.openPath(path),
    secretCipher: safeStorageCipher(),
    // Workers are Electron's own binary running as plain Node.
    toolWorker: {
      entry: join(deps.mainDir, 'tool-worker.js'),
      execArgv: [],
      env: { ...deps.env, ELECTRON_RUN_AS_NODE: '1' },
    },
    guardian: {
      command: process.execPath,
      args: [join(deps.mainDir, 'process-guardian.js')],
      env: { ...deps.env, ELECTRON_RUN_AS_NODE: '1' },
    },
    // F1/F2 stay global while the app runs, also hidden in the tray; the core gives them back on quit.
    globalShortcuts: electronGlobalShortcuts(globalShortcut),
    captureScreen: async (maxSide) => {
      const shot = await captureWithDesktopCapturer(maxSide);
      // Taken from another app or from the tray: bring EVA forward with the picture (after the grab, so EVA is not in
      // it).
      reveal();
      return shot;
    },
  });
  // From here on a quit, or a failure later in this start, stops every child the core runs.
  state.setCore(core);
  control.stopOnQuit(() => core.dispose());
  const settings = core.settings;
  registerIpc(core.handlers, core.events, state.window, isAppUrl);
  // The terminal client (`eva`) attaches to this core instead of starting a second one on the data dir:
  // a loopback host with its own random token, announced in the data dir's lock (owner-only file).
  const terminalHost = deps.startBrowserHost({
    handlers: core.handlers,
    events: core.events,
    rendererDir: join(deps.mainDir, '../renderer'),
    port: 0,
    modelUploads: core.models,
  });
  terminalHost
    .then((host) => core.lock.announce({ url: host.url }))
    .catch((error: unknown) =>
      console.error(
        `EVA: the address for terminal clients could not be opened (${errorText(error)}); eva will say the app is running`,
      ),
    );
  // Closed before the core; a host still opening when the quit comes is closed once it is open.
  control.stopOnQuit(() =>
    terminalHost.then(
      (host) => host.close(),
      () => undefined,
    ),
  );
  // F2 from another app: show EVA, so the recording bar (and Esc to cancel) is in front of the user.
  core.events.attach((event, payload) => {
    if (event === 'hotkey:pressed' && (payload as { action: string }).action === 'record') reveal();
  });

  state.setWindow(
    createMainWindow({
      preloadPath: join(deps.mainDir, '../preload/index.cjs'),
      iconPath: join(appRoot, 'resources', 'icons', 'eva.png'),
      rendererUrl,
      rendererFile,
      hideToTrayOnClose: () => settings.get().hideToTrayOnClose,
      isQuitting: control.isQuitting,
      isAppUrl,
    }),
  );
  createTray(join(appRoot, 'resources', 'icons', 'eva.png'), state.window, () => app.quit());
}
