// The app's life from the single-instance lock to exit, apart from what the shell
// builds (desktop-shell.ts), so it is tested with a stand-in app. The quit path:
// whatever the shell started (the core, with llama-server, workers, MCP servers and
// side binaries) is stopped and awaited before the app exits, once, however many
// quit events come and whichever way the quit came.
import { revealWindow, type RevealableWindow } from './reveal-window';

/** The slice of Electron's `app` the lifecycle drives. */
export interface LifecycleApp {
  requestSingleInstanceLock(): boolean;
  whenReady(): Promise<unknown>;
  quit(): void;
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'will-quit', listener: () => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  on(event: 'second-instance', listener: () => void): unknown;
}

/** What the shell's start is handed. */
export interface ShellControl {
  /** Stopped and awaited on quit, before the app exits; the last one added stops first. */
  stopOnQuit(stop: () => unknown): void;
  /** true from the first quit event on (a window's close then closes instead of hiding to the tray) */
  isQuitting(): boolean;
}

export interface LifecycleDeps {
  app: LifecycleApp;
  /** Builds the shell once the app is ready; hands each thing it starts to `stopOnQuit` as soon as it runs. */
  start(control: ShellControl): Promise<void>;
  /** the window a second launch brings forward */
  window(): RevealableWindow | null;
  /** closing the last window leaves the app running in the tray */
  keepInTray(): boolean;
  /** gives every global shortcut back (Electron's advice: whatever path the quit took) */
  releaseShortcuts(): void;
  /** tells the user the start failed; the app then quits */
  reportStartFailure(error: unknown): void;
  /** a stop that failed on quit: the next ones still run */
  reportStopFailure(error: unknown): void;
}

export interface AppLifecycle extends ShellControl {
  /** settles when the start is over, done or failed (a start that failed has asked the app to quit) */
  started: Promise<void>;
}

/** null when another instance holds the lock: this one has been told to quit. */
export function runAppLifecycle(deps: LifecycleDeps): AppLifecycle | null {
  const { app } = deps;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  const stops: (() => unknown)[] = [];
  let quitting = false;
  let running: Promise<void> | null = null;
  let stopping: Promise<void> | null = null;
  let exiting = false;
  const control: ShellControl = { stopOnQuit: (stop) => void stops.push(stop), isQuitting: () => quitting };

  const stopAll = async (): Promise<void> => {
    // A start under way is let finish, so what it starts is stopped too instead of outliving the app.
    await running?.catch(() => undefined);
    for (const stop of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        deps.reportStopFailure(error);
      }
    }
  };

  app.on('second-instance', () => revealWindow(deps.window()));
  const started = app.whenReady().then(async () => {
    // Quit before ready (the launcher went away): nothing to start.
    if (quitting) return;
    running = deps.start(control);
    try {
      await running;
    } catch (error) {
      deps.reportStartFailure(error);
      app.quit();
    }
  });
  // Graceful quit: the exit waits for every stop; a second quit event meanwhile joins the first.
  app.on('before-quit', (event) => {
    quitting = true;
    if (exiting) return;
    event.preventDefault();
    stopping ??= stopAll().finally(() => {
      exiting = true;
      app.quit();
    });
  });
  app.on('will-quit', () => deps.releaseShortcuts());
  // With the tray, closing the last window keeps the app alive unless hide-to-tray is off.
  app.on('window-all-closed', () => {
    if (!deps.keepInTray()) app.quit();
  });
  return { ...control, started };
}
