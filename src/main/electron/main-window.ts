import { BrowserWindow, app } from 'electron';
import { join } from 'node:path';
import { hardenContents } from './security';

export interface MainWindowOptions {
  preloadPath: string;
  rendererUrl: string | null;
  rendererFile: string;
  hideToTrayOnClose: () => boolean;
  isQuitting: () => boolean;
  isAppUrl: (url: string) => boolean;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'EVA Desktop',
    icon: join(app.getAppPath(), 'resources', 'icons', 'eva.png'),
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
  });
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
