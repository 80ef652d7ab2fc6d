import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import { revealWindow, type RevealableWindow } from './reveal-window';

/** What the tray's menu can do. */
export interface TrayActions {
  show(): void;
  hide(): void;
  quit(): void;
}

/** The tray's context menu, apart from Electron's Menu so its items are tested alone. */
export function trayMenuTemplate(actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    { label: 'Show', click: () => actions.show() },
    { label: 'Hide', click: () => actions.hide() },
    { type: 'separator' },
    { label: 'Quit', click: () => actions.quit() },
  ];
}

export function createTray(
  iconPath: string,
  window: () => (RevealableWindow & { hide(): void }) | null,
  quit: () => void,
): Tray {
  const tray = new Tray(nativeImage.createFromPath(iconPath));
  tray.setToolTip('EVA Desktop');
  const show = () => revealWindow(window());
  const hide = () => {
    const win = window();
    if (win && !win.isDestroyed()) win.hide();
  };
  tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate({ show, hide, quit })));
  tray.on('click', show);
  return tray;
}
