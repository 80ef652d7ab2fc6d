// Bringing the app window to the front, for every path that does it: the tray, a
// second launch, F2 or a screenshot taken from another app.

/** The slice of Electron's BrowserWindow this needs. */
export interface RevealableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  isVisible(): boolean;
  show(): void;
  focus(): void;
}

/**
 * Restore, show and focus the window; a missing or closed one is left alone (a destroyed window throws on every call).
 */
export function revealWindow(win: RevealableWindow | null): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  if (!win.isVisible()) win.show();
  win.focus();
}
