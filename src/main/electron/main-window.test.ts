// The main window through a stand-in electron: its security settings, the preload,
// the contents hardened, shown when ready, hidden to the tray on close (unless quitting).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { standIn, standInEvent, type StandInBrowserWindow } from '@test-support/electron/stand-in-electron';
import { createMainWindow, mainWindowOptions, type MainWindowOptions } from './main-window';

vi.mock('electron', async () => (await import('@test-support/electron/stand-in-electron')).electronModule);

const APP_FILE = '/app/out/renderer/index.html';

beforeEach(() => standIn.reset());

function open(overrides: Partial<MainWindowOptions> = {}) {
  const state = { hideToTray: true, quitting: false };
  const win = createMainWindow({
    preloadPath: '/app/out/preload/index.cjs',
    iconPath: '/app/resources/icons/eva.png',
    rendererUrl: null,
    rendererFile: APP_FILE,
    hideToTrayOnClose: () => state.hideToTray,
    isQuitting: () => state.quitting,
    isAppUrl: (url) => url === `file://${APP_FILE}`,
    ...overrides,
  }) as unknown as StandInBrowserWindow;
  return { win, state };
}

describe('mainWindowOptions', () => {
  it('isolates and sandboxes the page, without Node, with web security on, through the preload', () => {
    const options = mainWindowOptions({ preloadPath: '/app/out/preload/index.cjs', iconPath: '/icon.png' });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(options.webPreferences).not.toHaveProperty('nodeIntegrationInSubFrames', true);
    expect(options.webPreferences).not.toHaveProperty('webviewTag', true);
    expect(options.webPreferences).not.toHaveProperty('allowRunningInsecureContent', true);
    expect(options).toMatchObject({ show: false, icon: '/icon.png', title: 'EVA Desktop' });
  });
});

describe('the main window (stand-in electron)', () => {
  it('is created with those options, hardened, and shown once ready', () => {
    const { win } = open();
    expect(win.options).toEqual(
      mainWindowOptions({ preloadPath: '/app/out/preload/index.cjs', iconPath: '/app/resources/icons/eva.png' }),
    );
    expect(win.webContents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(win.webContents.listenerCount('will-navigate')).toBe(1);
    expect(win.isVisible()).toBe(false);
    win.emit('ready-to-show');
    expect(win.isVisible()).toBe(true);
  });

  it('loads the built file, or the dev server URL when there is one', () => {
    expect(open().win.loaded).toEqual({ file: APP_FILE });
    expect(open({ rendererUrl: 'http://localhost:5173' }).win.loaded).toEqual({ url: 'http://localhost:5173' });
  });

  it('hides to the tray on close, closes when hide-to-tray is off or the app quits', () => {
    const { win, state } = open();
    win.show();
    const hidden = standInEvent();
    win.emit('close', hidden);
    expect([hidden.defaultPrevented, win.isVisible()]).toEqual([true, false]);

    state.hideToTray = false;
    const closing = standInEvent();
    win.emit('close', closing);
    expect(closing.defaultPrevented).toBe(false);

    state.hideToTray = true;
    state.quitting = true;
    expect(win.close()).toBe(true);
    expect(win.isDestroyed()).toBe(true);
  });
});
