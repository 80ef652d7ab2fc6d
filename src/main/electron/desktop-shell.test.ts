// The whole Electron shell (what src/main/index.ts runs) against a stand-in electron
// and a stand-in core: what the start wires, the single-instance lock, F1/F2, and
// the quit path, which stops the core (every child process) before the app exits.
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFailure } from '@shared/errors';
import { IPC_EVENT, IPC_INVOKE } from '@shared/ipc-names';
import { standIn, StandInBrowserWindow } from '@test-support/electron/stand-in-electron';
import { standInCores, type StandInCores } from '@test-support/electron/stand-in-core';
import { runDesktopApp, type DesktopShellDeps } from './desktop-shell';

vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);

const MAIN_DIR = '/app/out/main';
let cores: StandInCores;

beforeEach(() => {
  standIn.reset();
  cores = standInCores();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

function run(overrides: Partial<DesktopShellDeps> = {}) {
  return runDesktopApp({
    mainDir: MAIN_DIR,
    env: {},
    stdin: new PassThrough(),
    createCore: cores.createCore,
    startBrowserHost: cores.startBrowserHost,
    ...overrides,
  });
}

async function started(overrides: Partial<DesktopShellDeps> = {}) {
  const lifecycle = run(overrides);
  if (!lifecycle) throw new Error('the app did not get the single-instance lock');
  await lifecycle.started;
  const [win] = standIn.windows;
  if (!win) throw new Error('no window');
  return { lifecycle, win };
}

/** Waits until the app has exited (each step of the quit path is a promise turn). */
function exited(): Promise<void> {
  return new Promise((resolve) => (standIn.app.exited ? resolve() : standIn.app.once('quit', () => resolve())));
}

const held = () => [...standIn.globalShortcut.held.keys()].sort();

describe('the desktop app starting (stand-in electron)', () => {
  it('wires the core, the IPC host, the terminal host, the window and the tray', async () => {
    const { win } = await started({ env: { EVA_DATA_DIR: '/data/eva', EVA_PYTHON_ENV_DIR: '/py' } });
    const [options] = cores.options;
    expect(options).toMatchObject({
      host: 'electron',
      dataDir: '/data/eva',
      version: '0.0.0-stand-in',
      systemLanguage: 'en-US',
      pythonEnvDir: '/py',
      secretCipher: null,
      toolWorker: { entry: join(MAIN_DIR, 'tool-worker.js'), execArgv: [], env: { ELECTRON_RUN_AS_NODE: '1' } },
      guardian: {
        command: process.execPath,
        args: [join(MAIN_DIR, 'process-guardian.js')],
        env: { ELECTRON_RUN_AS_NODE: '1' },
      },
    });
    expect(options?.globalShortcuts).toBeTruthy();
    expect(standIn.session.headersListener).toBeTypeOf('function');
    expect([...standIn.ipcMain.handlers.keys()]).toEqual([IPC_INVOKE]);
    expect(win.options).toMatchObject({
      webPreferences: {
        preload: join(MAIN_DIR, '../preload/index.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      },
    });
    expect(win.loaded).toEqual({ file: join(MAIN_DIR, '../renderer/index.html') });
    expect(standIn.trays).toHaveLength(1);
    expect(cores.hostOptions[0]).toMatchObject({ port: 0, rendererDir: join(MAIN_DIR, '../renderer') });
    await vi.waitFor(() => expect(cores.announced).toEqual([{ url: 'http://127.0.0.1:40000/?token=stand-in' }]));
  });

  it('answers the page over IPC from the core, and refuses a foreign page', async () => {
    const { win } = await started();
    expect(await standIn.ipcRenderer.invoke(IPC_INVOKE, 'app:info')).toEqual({
      ok: true,
      value: { answeredBy: 'app:info' },
    });
    win.webContents.mainFrame.url = 'https://evil.example/';
    expect(await standIn.ipcRenderer.invoke(IPC_INVOKE, 'app:info')).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('loads the dev server when there is one, and takes only its origin for the app', async () => {
    const { win } = await started({ env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' } });
    expect(win.loaded).toEqual({ url: 'http://localhost:5173' });
    expect(await standIn.ipcRenderer.invoke(IPC_INVOKE, 'app:info')).toMatchObject({ ok: true });
  });

  it('tells the user when the start fails, and quits', async () => {
    cores.failCreate = new Error('disk on fire');
    await run()?.started;
    await exited();
    expect(standIn.errorBoxes).toEqual([
      { title: 'EVA Desktop', content: 'EVA Desktop could not start: disk on fire' },
    ]);
    expect(cores.disposeCalls).toBe(0);
  });

  it('says only that EVA is already running when the data dir is taken', async () => {
    cores.failCreate = new AppFailure('already_running', 'EVA is already running on this data folder');
    await run()?.started;
    await exited();
    expect(standIn.errorBoxes).toEqual([
      { title: 'EVA Desktop', content: 'EVA is already running on this data folder' },
    ]);
  });

  it('stops the core when the start fails after it', async () => {
    StandInBrowserWindow.failNext = new Error('no GPU process');
    cores.failCreate = null;
    await run()?.started;
    await exited();
    expect(standIn.errorBoxes).toEqual([
      { title: 'EVA Desktop', content: 'EVA Desktop could not start: no GPU process' },
    ]);
    expect(cores.disposeCalls).toBe(1);
    expect(standIn.app.log.indexOf('core:dispose-end')).toBeLessThan(standIn.app.log.indexOf('exit'));
  });
});

describe('one instance (stand-in electron)', () => {
  it('quits at once without the lock, starting nothing', async () => {
    standIn.app.singleInstance = false;
    expect(run()).toBeNull();
    expect(standIn.app.exited).toBe(true);
    await Promise.resolve();
    expect(cores.options).toEqual([]);
    expect(standIn.windows).toEqual([]);
    expect(standIn.app.listenerCount('before-quit')).toBe(0);
  });

  it('a second launch shows, restores and focuses the window', async () => {
    const { win } = await started();
    win.minimize();
    win.hide();
    standIn.app.emit('second-instance', {}, ['eva'], '/');
    expect([win.isVisible(), win.isMinimized(), win.isFocused()]).toEqual([true, false, true]);
  });

  it('a second launch before the window exists, or after it closed, changes nothing', async () => {
    standIn.app.holdReady();
    const lifecycle = run();
    expect(() => standIn.app.emit('second-instance', {}, [], '/')).not.toThrow();
    standIn.app.becomeReady();
    await lifecycle?.started;
    standIn.windows[0]?.destroy();
    expect(() => standIn.app.emit('second-instance', {}, [], '/')).not.toThrow();
  });
});

describe('F1/F2 (stand-in electron)', () => {
  it('takes the configured keys, re-takes them on a change from the page, and gives them all back on quit', async () => {
    const { win } = await started();
    expect(held()).toEqual(['F1', 'F2', 'Shift+F1']);

    const saved = await standIn.ipcRenderer.invoke(IPC_INVOKE, 'settings:update', {
      hotkeys: { screenshot: 'Ctrl+Alt+P', screenshotRegion: '', record: 'F2' },
    });
    expect(saved).toMatchObject({ ok: true });
    expect(held()).toEqual(['Ctrl+Alt+P', 'F2']);

    // Another application holds the new key: it is reported, the others stay global.
    standIn.globalShortcut.taken.add('F7');
    await standIn.ipcRenderer.invoke(IPC_INVOKE, 'settings:update', {
      hotkeys: { screenshot: 'F1', screenshotRegion: '', record: 'F7' },
    });
    expect(held()).toEqual(['F1']);
    const status = await standIn.ipcRenderer.invoke(IPC_INVOKE, 'hotkeys:status');
    expect(status).toMatchObject({
      ok: true,
      value: {
        bindings: [
          { scope: 'global' },
          { scope: 'off' },
          { accelerator: 'F7', scope: 'page', problem: { code: 'taken' } },
        ],
      },
    });

    // A shortcut the core did not take is given back too, as Electron advises, on will-quit.
    standIn.globalShortcut.register('Ctrl+Shift+X', () => {});
    standIn.app.quit();
    await exited();
    expect(held()).toEqual([]);
    expect(win.isDestroyed()).toBe(true);
  });

  it('F2 from another app brings the window forward and tells the page', async () => {
    const { win } = await started();
    win.hide();
    standIn.globalShortcut.press('F2');
    expect([win.isVisible(), win.isFocused()]).toEqual([true, true]);
    expect(win.webContents.sent).toContainEqual([IPC_EVENT, 'hotkey:pressed', { action: 'record' }]);

    win.hide();
    standIn.globalShortcut.press('F1');
    expect(win.isVisible()).toBe(false);
    expect(win.webContents.sent).toContainEqual([IPC_EVENT, 'hotkey:pressed', { action: 'screenshot' }]);
  });
});

describe('quitting (stand-in electron)', () => {
  it('awaits the core dispose before the app exits, once even with two quit events', async () => {
    await started();
    cores.holdDispose();
    standIn.app.quit();
    standIn.app.quit();
    await vi.waitFor(() => expect(cores.disposeCalls).toBe(1));
    standIn.app.quit();
    expect(standIn.app.exited).toBe(false);
    expect(standIn.app.log).not.toContain('will-quit');

    cores.finishDispose();
    await exited();
    expect(cores.disposeCalls).toBe(1);
    const log = standIn.app.log.filter((line) => line !== 'before-quit');
    expect(log).toEqual(['core:create', 'host:close', 'core:dispose-start', 'core:dispose-end', 'will-quit', 'exit']);
  });

  it('closes the window on quit instead of hiding it to the tray', async () => {
    const { win } = await started();
    expect(cores.settings.hideToTrayOnClose).toBe(true);
    win.show();
    expect(win.close()).toBe(false);
    expect([win.isDestroyed(), win.isVisible()]).toEqual([false, false]);
    standIn.app.quit();
    await exited();
    expect(win.isDestroyed()).toBe(true);
  });

  it('quits when the last window closes with hide-to-tray off, stays in the tray with it on', async () => {
    await started();
    standIn.app.emit('window-all-closed');
    await Promise.resolve();
    expect(standIn.app.log).not.toContain('before-quit');

    cores.settings.hideToTrayOnClose = false;
    standIn.windows[0]?.close();
    standIn.app.emit('window-all-closed');
    await exited();
    expect(cores.disposeCalls).toBe(1);
  });

  it('still stops the core when the terminal host fails to close', async () => {
    await started();
    cores.failHostClose = new Error('socket stuck');
    standIn.app.quit();
    await exited();
    expect(standIn.app.log).toContain('host:close');
    expect(cores.disposeCalls).toBe(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('socket stuck'));
  });

  it('a quit while the core is starting waits for it, then stops it', async () => {
    cores.holdCreate();
    const lifecycle = run();
    await vi.waitFor(() => expect(cores.options).toHaveLength(1));
    standIn.app.quit();
    await Promise.resolve();
    expect(standIn.app.exited).toBe(false);
    cores.releaseCreate();
    await lifecycle?.started;
    await exited();
    expect(cores.disposeCalls).toBe(1);
    expect(standIn.app.log.indexOf('core:dispose-end')).toBeLessThan(standIn.app.log.indexOf('exit'));
  });

  it('a quit before the app is ready starts nothing', async () => {
    standIn.app.holdReady();
    const lifecycle = run();
    standIn.app.quit();
    await exited();
    standIn.app.becomeReady();
    await lifecycle?.started;
    expect(cores.options).toEqual([]);
  });

  it('quits when the launcher goes away (EVA_EXIT_WITH_PARENT=stdin)', async () => {
    const stdin = new PassThrough();
    await started({ stdin, env: { EVA_EXIT_WITH_PARENT: 'stdin' } });
    stdin.end();
    await exited();
    expect(cores.disposeCalls).toBe(1);
  });
});
