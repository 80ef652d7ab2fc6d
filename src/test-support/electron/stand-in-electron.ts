// A stand-in for the `electron` module, for tests of the Electron shell's wiring
// (no Electron binary exists where the tests run). A test mocks electron with it:
//   vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);
// and drives it through `standIn`, reset before each test. It behaves as Electron
// does where the wiring depends on it: app.quit() emits before-quit, closes the
// windows and emits will-quit, each step cancellable; a destroyed window throws on
// use; ipcMain refuses a second handler for one channel; a taken shortcut fails.
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';

export interface StandInEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function standInEvent(): StandInEvent {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export interface StandInFrame {
  url: string;
  parent: StandInFrame | null;
}

let nextContentsId = 1;

export class StandInWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame: StandInFrame = { url: '', parent: null };
  /** what `send` delivered, in order */
  readonly sent: unknown[][] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  private destroyed = false;

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push([channel, ...args]);
    // One page per test: what the main process sends reaches the preload's ipcRenderer.
    if (this === standIn.rendererContents()) ipcRenderer.emit(channel, { sender: this }, ...args);
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  destroy(): void {
    this.destroyed = true;
  }
}

export class StandInBrowserWindow extends EventEmitter {
  static failNext: Error | null = null;
  readonly options: Record<string, unknown>;
  private readonly contents = new StandInWebContents();
  loaded: { url: string } | { file: string } | null = null;
  private visible = false;
  private minimized = false;
  private focused = false;
  private destroyed = false;

  constructor(options: Record<string, unknown> = {}) {
    super();
    const failure = StandInBrowserWindow.failNext;
    StandInBrowserWindow.failNext = null;
    if (failure) throw failure;
    this.options = options;
    standIn.windows.push(this);
  }

  static getAllWindows(): StandInBrowserWindow[] {
    return standIn.windows.filter((win) => !win.destroyed);
  }

  get webContents(): StandInWebContents {
    return this.alive().contents;
  }

  show(): void {
    this.alive().visible = true;
    this.minimized = false;
  }
  hide(): void {
    this.alive().visible = false;
  }
  focus(): void {
    this.alive().focused = true;
  }
  minimize(): void {
    this.alive().minimized = true;
    this.focused = false;
  }
  restore(): void {
    this.alive().minimized = false;
  }
  isMinimized(): boolean {
    return this.alive().minimized;
  }
  isVisible(): boolean {
    return this.alive().visible;
  }
  isFocused(): boolean {
    return this.alive().focused;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }

  async loadURL(url: string): Promise<void> {
    this.alive().loaded = { url };
    this.contents.mainFrame.url = url;
  }
  async loadFile(file: string): Promise<void> {
    this.alive().loaded = { file };
    this.contents.mainFrame.url = pathToFileURL(file).href;
  }

  /** As a user's close: `close` may be prevented; otherwise the window is destroyed. */
  close(): boolean {
    if (this.destroyed) return true;
    const event = standInEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.contents.destroy();
    this.emit('closed');
  }

  private alive(): this {
    if (this.destroyed) throw new TypeError('Object has been destroyed');
    return this;
  }
}

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

type IpcInvokeListener = (event: unknown, ...args: unknown[]) => unknown;

class StandInIpcMain {
  readonly handlers = new Map<string, IpcInvokeListener>();
  handle(channel: string, listener: IpcInvokeListener): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** What a renderer's ipcRenderer.invoke gets back, from this sender event. */
  async invoke(event: unknown, channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}

class StandInIpcRenderer extends EventEmitter {
  /** Goes to ipcMain as a call from the first window's main frame, unless a test sets `standIn.senderEvent`. */
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return ipcMain.invoke(standIn.senderEvent ?? standIn.mainFrameEvent(), channel, ...args);
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

export interface StandInMenuItem {
  label?: string;
  type?: string;
  click?: () => void;
}

class StandInGlobalShortcut {
  readonly held = new Map<string, () => void>();
  /** accelerators another application holds */
  readonly taken = new Set<string>();
  register(accelerator: string, callback: () => void): boolean {
    if (this.taken.has(accelerator) || this.held.has(accelerator)) return false;
    this.held.set(accelerator, callback);
    return true;
  }
  unregister(accelerator: string): void {
    this.held.delete(accelerator);
  }
  unregisterAll(): void {
    this.held.clear();
  }
  isRegistered(accelerator: string): boolean {
    return this.held.has(accelerator);
  }
  /** The user presses the keys, wherever the focus is. */
  press(accelerator: string): void {
    const callback = this.held.get(accelerator);
    if (!callback) throw new Error(`${accelerator} is not registered`);
    callback();
  }
}

type HeadersListener = (
  details: { responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;

class StandInSession {
  permissionRequestHandler: ((...args: unknown[]) => void) | null = null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null = null;
  headersListener: HeadersListener | null = null;
  readonly webRequest = {
    onHeadersReceived: (listener: HeadersListener) => {
      this.headersListener = listener;
    },
  };
  setPermissionRequestHandler(handler: (...args: unknown[]) => void): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: (...args: unknown[]) => boolean): void {
    this.permissionCheckHandler = handler;
  }
}

const app = new StandInApp();
const ipcMain = new StandInIpcMain();
const ipcRenderer = new StandInIpcRenderer();
const globalShortcut = new StandInGlobalShortcut();
const session = { defaultSession: new StandInSession() };

/** The test's handle on the stand-in: state to set and read. */
export const standIn = {
  app,
  ipcMain,
  ipcRenderer,
  globalShortcut,
  session: session.defaultSession,
  windows: [] as StandInBrowserWindow[],
  trays: [] as StandInTray[],
  errorBoxes: [] as { title: string; content: string }[],
  openedExternal: [] as string[],
  exposed: new Map<string, unknown>(),
  /** the sender event ipcRenderer.invoke uses; null: the first window's main frame */
  senderEvent: null as unknown,
  rendererContents(): StandInWebContents | null {
    const first = this.windows[0];
    return first && !first.isDestroyed() ? first.webContents : null;
  },
  mainFrameEvent(): { sender: StandInWebContents; senderFrame: StandInFrame } {
    const contents = this.rendererContents();
    if (!contents) throw new Error('no window to send from');
    return { sender: contents, senderFrame: contents.mainFrame };
  },
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
  shell: { openExternal: async (url: string) => void standIn.openedExternal.push(url) },
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
