// A stand-in for the `electron` module, for tests of the Electron shell's wiring
// (no Electron binary exists where the tests run). A test mocks electron with it:
//   vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);
// and drives it through `standIn`, reset before each test. It behaves as Electron
// does where the wiring depends on it: app.quit() emits before-quit, closes the
// windows and emits will-quit, each step cancellable; a destroyed window throws on
// use; ipcMain refuses a second handler for one channel; a taken shortcut fails.
import { EventEmitter } from 'node:events';
import { StandInGlobalShortcut, StandInSession, type StandInMenuItem } from './stand-in-services';
import {
  ipcMain,
  ipcRenderer,
  mainFrameEvent,
  rendererContents,
  StandInBrowserWindow,
  standInEvent,
  standInWindows,
} from './stand-in-window';

export { StandInBrowserWindow, StandInWebContents, standInEvent } from './stand-in-window';
export type { StandInEvent, StandInFrame } from './stand-in-window';
export type { StandInMenuItem } from './stand-in-services';

class StandInApp extends EventEmitter {
  singleInstance = true;
  isPackaged = false;
  /** what happened to the app, in order: 'before-quit', 'will-quit', 'exit' */
  readonly log: string[] = [];
  readonly paths = new Map<string, string>([['userData', '/stand-in/user-data']]);
  exited = false;
  private readyResolve: (() => void) | null = null;
  private ready: Promise<void> = Promise.resolve();

  requestSingleInstanceLock(): boolean {
    return this.singleInstance;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  /** Holds whenReady() until `becomeReady` (by default the app is ready at once). */
  holdReady(): void {
    this.ready = new Promise((resolve) => (this.readyResolve = resolve));
  }
  becomeReady(): void {
    this.readyResolve?.();
  }
  resetState(): void {
    this.removeAllListeners();
    this.singleInstance = true;
    this.isPackaged = false;
    this.exited = false;
    this.log.length = 0;
    this.paths.clear();
    this.paths.set('userData', '/stand-in/user-data');
    this.readyResolve = null;
    this.ready = Promise.resolve();
  }

  quit(): void {
    if (this.exited) return;
    const beforeQuit = standInEvent();
    this.log.push('before-quit');
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    // Electron closes every window first; one that refuses cancels the quit. No window-all-closed on this path.
    for (const win of StandInBrowserWindow.getAllWindows()) if (!win.close()) return;
    const willQuit = standInEvent();
    this.log.push('will-quit');
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) return;
    this.exited = true;
    this.log.push('exit');
    this.emit('quit');
  }

  setPath(name: string, path: string): void {
    this.paths.set(name, path);
  }
  getPath(name: string): string {
    const path = this.paths.get(name);
    if (!path) throw new Error(`Failed to get '${name}' path`);
    return path;
  }
  getAppPath(): string {
    return '/stand-in/app';
  }
  getVersion(): string {
    return '0.0.0-stand-in';
  }
  getLocale(): string {
    return 'en-US';
  }
}

class StandInTray extends EventEmitter {
  toolTip = '';
  menu: { template: StandInMenuItem[] } | null = null;
  constructor(readonly image: unknown) {
    super();
    standIn.trays.push(this);
  }
  setToolTip(text: string): void {
    this.toolTip = text;
  }
  setContextMenu(menu: { template: StandInMenuItem[] }): void {
    this.menu = menu;
  }
  /** the menu item with this label */
  item(label: string): StandInMenuItem {
    const item = this.menu?.template.find((candidate) => candidate.label === label);
    if (!item) throw new Error(`no tray menu item ${label}`);
    return item;
  }
}

const app = new StandInApp();
const globalShortcut = new StandInGlobalShortcut();
const session = { defaultSession: new StandInSession() };

/** The test's handle on the stand-in: state to set and read. */
export const standIn = {
  app,
  ipcMain,
  ipcRenderer,
  globalShortcut,
  session: session.defaultSession,
  windows: standInWindows,
  trays: [] as StandInTray[],
  errorBoxes: [] as { title: string; content: string }[],
  openedExternal: [] as string[],
  /** the folders shell.openPath was given, in order */
  openedFolders: [] as string[],
  /** what shell.openPath answers: '' (opened) or the system's reason */
  openPathAnswer: '',
  exposed: new Map<string, unknown>(),
  /** the sender event ipcRenderer.invoke uses; null: the first window's main frame */
  get senderEvent(): unknown {
    return ipcRenderer.senderEvent;
  },
  set senderEvent(event: unknown) {
    ipcRenderer.senderEvent = event;
  },
  rendererContents,
  mainFrameEvent,
  reset(): void {
    app.resetState();
    ipcMain.handlers.clear();
    ipcRenderer.removeAllListeners();
    globalShortcut.held.clear();
    globalShortcut.taken.clear();
    session.defaultSession = new StandInSession();
    this.session = session.defaultSession;
    StandInBrowserWindow.failNext = null;
    this.windows.length = 0;
    this.trays.length = 0;
    this.errorBoxes.length = 0;
    this.openedExternal.length = 0;
    this.openedFolders.length = 0;
    this.openPathAnswer = '';
    this.exposed.clear();
    this.senderEvent = null;
  },
};

/** What `import … from 'electron'` gives a test that mocks electron with the stand-in. */
export const electronModule = {
  app,
  ipcMain,
  ipcRenderer,
  globalShortcut,
  session,
  BrowserWindow: StandInBrowserWindow,
  Tray: StandInTray,
  Menu: { buildFromTemplate: (template: StandInMenuItem[]) => ({ template }) },
  nativeImage: { createFromPath: (path: string) => ({ path }) },
  dialog: {
    showErrorBox: (title: string, content: string) => void standIn.errorBoxes.push({ title, content }),
    showOpenDialog: async () => ({ canceled: true, filePaths: [] as string[] }),
  },
  shell: {
    openExternal: async (url: string) => void standIn.openedExternal.push(url),
    openPath: async (path: string) => {
      standIn.openedFolders.push(path);
      return standIn.openPathAnswer;
    },
  },
  // No keychain: the core falls back to its key file.
  safeStorage: { isEncryptionAvailable: () => false, getSelectedStorageBackend: () => 'unknown' },
  screen: {
    getCursorScreenPoint: () => ({ x: 0, y: 0 }),
    getDisplayNearestPoint: () => ({ id: 1, size: { width: 800, height: 600 }, scaleFactor: 1 }),
  },
  desktopCapturer: { getSources: async () => [] },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void standIn.exposed.set(key, api) },
  webUtils: { getPathForFile: (file: { name: string }) => `/dropped/${file.name}` },
};
