// The whole Electron shell (what src/main/index.ts runs) against a stand-in electron
// and a stand-in core: what the start wires, the single-instance lock and F1/F2.
// The quit path is desktop-shell.quit.test.ts.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AppFailure } from '@shared/errors';
import { IPC_EVENT, IPC_INVOKE } from '@shared/ipc-names';
import { standIn, StandInBrowserWindow } from '@test-support/electron/stand-in-electron';
import { desktopShellHarness, exited, held, MAIN_DIR } from '@test-support/electron/desktop-shell-harness';

vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);

const shell = desktopShellHarness();
const { run, started } = shell;

describe('the desktop app starting (stand-in electron)', () => {
  it('wires the core, the IPC host, the terminal host, the window and the tray', async () => {
    const { win } = await started({ env: { EVA_DATA_DIR: '/data/eva', EVA_PYTHON_ENV_DIR: '/py' } });
    const [options] = shell.cores.options;
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
    expect(shell.cores.hostOptions[0]).toMatchObject({ port: 0, rendererDir: join(MAIN_DIR, '../renderer') });
    await vi.waitFor(() => expect(shell.cores.announced).toEqual([{ url: 'http://127.0.0.1:40000/?token=stand-in' }]));
  });

  it("hands the core Electron's shell.openPath for folders, with the system's answer", async () => {
    await started();
    const [options] = shell.cores.options;
    expect(await options?.openFolder?.('/data/eva/logs')).toBe('');
    standIn.openPathAnswer = 'Failed to open path';
    expect(await options?.openFolder?.('/data/eva')).toBe('Failed to open path');
    expect(standIn.openedFolders).toEqual(['/data/eva/logs', '/data/eva']);
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
    shell.cores.failCreate = new Error('disk on fire');
    await run()?.started;
    await exited();
    expect(standIn.errorBoxes).toEqual([
      { title: 'EVA Desktop', content: 'EVA Desktop could not start: disk on fire' },
    ]);
    expect(shell.cores.disposeCalls).toBe(0);
  });

  it('says only that EVA is already running when the data dir is taken', async () => {
    shell.cores.failCreate = new AppFailure('already_running', 'EVA is already running on this data folder');
    await run()?.started;
    await exited();
    expect(standIn.errorBoxes).toEqual([
      { title: 'EVA Desktop', content: 'EVA is already running on this data folder' },
    ]);
  });

  it('stops the core when the start fails after it', async () => {
    StandInBrowserWindow.failNext = new Error('no GPU process');
    shell.cores.failCreate = null;
    await run()?.started;
    await exited();
    expect(standIn.errorBoxes).toEqual([
      { title: 'EVA Desktop', content: 'EVA Desktop could not start: no GPU process' },
    ]);
    expect(shell.cores.disposeCalls).toBe(1);
    expect(standIn.app.log.indexOf('core:dispose-end')).toBeLessThan(standIn.app.log.indexOf('exit'));
  });
});

describe('one instance (stand-in electron)', () => {
  it('quits at once without the lock, starting nothing', async () => {
    standIn.app.singleInstance = false;
    expect(run()).toBeNull();
    expect(standIn.app.exited).toBe(true);
    await Promise.resolve();
    expect(shell.cores.options).toEqual([]);
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
