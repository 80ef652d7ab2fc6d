import { Menu, Tray, nativeImage, type BrowserWindow } from 'electron';

export function createTray(iconPath: string, window: () => BrowserWindow | null, quit: () => void): Tray {
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  tray.setToolTip('EVA Desktop');
  const show = () => {
    const win = window();
    if (!win) return;
    win.show();
    win.focus();
  };
  tray.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Show', click: show },
      { label: 'Hide', click: () => window()?.hide() },
      { type: 'separator' },
      { label: 'Quit', click: quit },
    ]),
  );
  tray.on('click', show);
  return tray;
}
