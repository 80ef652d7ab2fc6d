import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { hardenContents } from './security';

export interface MainWindowOptions {
  preloadPath: string;
  iconPath: string;
  rendererUrl: string | null;
  rendererFile: string;
  hideToTrayOnClose: () => boolean;
  isQuitting: () => boolean;
  isAppUrl: (url: string) => boolean;
}

/** The window's options, apart so the security settings are checked without a window. */
export function mainWindowOptions(
  options: Pick<MainWindowOptions, 'preloadPath' | 'iconPath'>,
): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'EVA Desktop',
    icon: options.iconPath,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      // F2 pressed while another app has focus must still start audio capture.
      autoplayPolicy: 'no-user-gesture-required',
    },
  };
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(options));
  hardenContents(win.webContents, options.isAppUrl);
  win.once('ready-to-show', () => win.show());
  win.on('close', (event) => {
    if (!options.isQuitting() && options.hideToTrayOnClose()) {
      event.preventDefault();
      win.hide();
    }
  });
  if (options.rendererUrl) void win.loadURL(options.rendererUrl);
  else void win.loadFile(options.rendererFile);
  return win;
}
