// The page side of the `electron` stand-in: windows, their web contents and the preload's ipcRenderer,
// which reach each other as in Electron (what the main process sends to the first window's page reaches
// ipcRenderer; what ipcRenderer invokes reaches ipcMain as a call from that page's main frame).
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import { StandInIpcMain } from './stand-in-services';

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
    if (this === rendererContents()) ipcRenderer.emit(channel, { sender: this }, ...args);
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
    standInWindows.push(this);
  }

  static getAllWindows(): StandInBrowserWindow[] {
    return standInWindows.filter((win) => !win.destroyed);
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

/** Every window made since the last reset, closed ones too, in order. */
export const standInWindows: StandInBrowserWindow[] = [];

/** One page per test: the first window's contents, while that window lives. */
export function rendererContents(): StandInWebContents | null {
  const first = standInWindows[0];
  return first && !first.isDestroyed() ? first.webContents : null;
}

/** A call from the first window's main frame, as ipcMain's handlers get it. */
export function mainFrameEvent(): { sender: StandInWebContents; senderFrame: StandInFrame } {
  const contents = rendererContents();
  if (!contents) throw new Error('no window to send from');
  return { sender: contents, senderFrame: contents.mainFrame };
}

class StandInIpcRenderer extends EventEmitter {
  /** the sender event invoke uses; null: the first window's main frame */
  senderEvent: unknown = null;
  /** Goes to ipcMain as a call from the first window's main frame, unless a test sets `senderEvent`. */
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return ipcMain.invoke(this.senderEvent ?? mainFrameEvent(), channel, ...args);
  }
}

export const ipcMain = new StandInIpcMain();
export const ipcRenderer = new StandInIpcRenderer();
