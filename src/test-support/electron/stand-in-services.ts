// The stand-ins for the parts of `electron` that keep only their own state (ipcMain's handlers, the
// global shortcuts, the default session's hooks), apart from the windows and the app that reach each other.

type IpcInvokeListener = (event: unknown, ...args: unknown[]) => unknown;

export class StandInIpcMain {
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

export interface StandInMenuItem {
  label?: string;
  type?: string;
  click?: () => void;
}

export class StandInGlobalShortcut {
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

export class StandInSession {
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
