// Electron lifecycle wiring only: the core is the same one the browser host runs.
import { app, dialog, globalShortcut, shell, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createCore, type Core } from './core';
import { binDirs } from './services/app/bin-dirs';
import { registerIpc } from './electron/ipc-host';
import { createMainWindow } from './electron/main-window';
import { pickModelFile } from './electron/pick-model';
import { hardenSession } from './electron/security';
import { createTray } from './electron/tray';
import { safeStorageCipher } from './electron/safe-storage-cipher';
import { electronGlobalShortcuts } from './electron/global-shortcuts';
import { captureWithDesktopCapturer } from './electron/screen-capture';
import { appUrlMatcher } from './services/app/app-url';
import { exitWithParent } from './services/app/exit-with-parent';
import { AppFailure } from '@shared/errors';
import { startBrowserHost, type BrowserHost } from './host/browser-host';

let win: BrowserWindow | null = null;
let core: Core | null = null;
let quitting = false;
let disposed = false;
/** the loopback address `eva` attaches through (see start) */
let terminalHost: BrowserHost | null = null;

// Electron's single-instance lock is per userData: one app per data dir, EVA_DATA_DIR included.
if (process.env.EVA_DATA_DIR) app.setPath('userData', process.env.EVA_DATA_DIR);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  });
  void app.whenReady().then(start).catch((error: unknown) => {
    // The core's own data-dir lock is the second line (another host — the browser one — may hold the data dir).
    const message = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox('EVA Desktop', error instanceof AppFailure && error.code === 'already_running' ? message : `EVA Desktop could not start: ${message}`);
    disposed = true;
    app.quit();
  });
  exitWithParent(process.env, process.stdin, () => app.quit());
}

async function start(): Promise<void> {
  const appRoot = app.getAppPath();
  const rendererUrl = process.env.ELECTRON_RENDERER_URL ?? null;
  const rendererFile = join(import.meta.dirname, '../renderer/index.html');
  const isAppUrl = appUrlMatcher(rendererUrl, rendererFile);
  hardenSession(isAppUrl);

  core = await createCore({
    host: 'electron',
    version: app.getVersion(),
    dataDir: app.getPath('userData'),
    binDirs: binDirs({ appRoot, resourcesPath: app.isPackaged ? process.resourcesPath : undefined }),
    pythonEnvDir: process.env.EVA_PYTHON_ENV_DIR || undefined,
    systemLanguage: app.getLocale(),
    pickModel: () => pickModelFile(win),
    openExternal: (url) => shell.openExternal(url),
    secretCipher: safeStorageCipher(),
    // Workers are Electron's own binary running as plain Node.
    toolWorker: { entry: join(import.meta.dirname, 'tool-worker.js'), execArgv: [], env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } },
    guardian: { command: process.execPath, args: [join(import.meta.dirname, 'process-guardian.js')], env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } },
    // F1/F2 stay global while the app runs, also hidden in the tray; the core gives them back on quit.
    globalShortcuts: electronGlobalShortcuts(),
    captureScreen: async (maxSide) => {
      const shot = await captureWithDesktopCapturer(maxSide);
      // Taken from another app or from the tray: bring EVA forward with the picture (after the grab, so EVA is not in it).
      revealWindow();
      return shot;
    },
  });
  const settings = core.settings;
  registerIpc(core.handlers, core.events, () => win, isAppUrl);
  // The terminal client (`eva`) attaches to this core instead of starting a second one on the data dir:
  // a loopback host with its own random token, announced in the data dir's lock (owner-only file).
  startBrowserHost({ handlers: core.handlers, events: core.events, rendererDir: join(import.meta.dirname, '../renderer'), port: 0, modelUploads: core.models })
    .then((host) => {
      terminalHost = host;
      return core?.lock.announce({ url: host.url });
    })
    .catch((error: unknown) => console.error(`EVA: the address for terminal clients could not be opened (${error instanceof Error ? error.message : String(error)}); eva will say the app is running`));
  // F2 from another app: show EVA, so the recording bar (and Esc to cancel) is in front of the user.
  core.events.attach((event, payload) => {
    if (event === 'hotkey:pressed' && (payload as { action: string }).action === 'record') revealWindow();
  });

  win = createMainWindow({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    rendererUrl,
    rendererFile,
    hideToTrayOnClose: () => settings.get().hideToTrayOnClose,
    isQuitting: () => quitting,
    isAppUrl,
  });
  createTray(join(appRoot, 'resources', 'icons', 'eva.png'), () => win, () => app.quit());
}

function revealWindow(): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  if (!win.isVisible()) win.show();
  win.focus();
}

// Electron's advice: give every global shortcut back as the app ends, whatever path it took.
app.on('will-quit', () => globalShortcut.unregisterAll());

// Graceful quit: every child process (llama-server, workers) is stopped and awaited first.
app.on('before-quit', (event) => {
  quitting = true;
  if (disposed || !core) return;
  event.preventDefault();
  void Promise.resolve(terminalHost?.close())
    .then(() => core?.dispose())
    .finally(() => {
      disposed = true;
      app.quit();
    });
});

// With the tray, closing the last window keeps the app alive unless hide-to-tray is off.
app.on('window-all-closed', () => {
  if (!core?.settings.get().hideToTrayOnClose) app.quit();
});
