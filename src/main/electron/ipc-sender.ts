// Who may call the core over IPC: the app window's own main frame, showing the app's
// page, and nothing else. Pure, so every refusal is tested without Electron; each
// refusal has its own reason, which the refused call is answered with.

/** The slice of an IPC event the check reads (Electron's IpcMainInvokeEvent has it). */
export interface SenderEvent {
  sender: unknown;
  senderFrame: { url: string } | null;
}

/** The slice of the app window the check reads (Electron's BrowserWindow has it). */
export interface SenderWindow {
  isDestroyed(): boolean;
  webContents: { mainFrame: unknown };
}

/** Why the call is refused, or null when the sender is the app's own page. */
export function refuseSender(
  event: SenderEvent,
  window: SenderWindow | null,
  isAppUrl: (url: string) => boolean,
): string | null {
  if (!window) return 'no app window is open';
  // A destroyed window throws on every property read: check before touching its webContents.
  if (window.isDestroyed()) return 'the app window is closed';
  if (event.sender !== window.webContents) return 'the sender is not the app window';
  const frame = event.senderFrame;
  // Electron gives no frame once the sending frame navigated away or was removed.
  if (!frame) return 'the sending frame is gone';
  if (frame !== window.webContents.mainFrame) return 'the sender is a sub-frame, not the main frame';
  if (!isAppUrl(frame.url)) return `the sending page is not the app's (${describeUrl(frame.url)})`;
  return null;
}

// The page's own URL goes back to that page only; cut it so a long one cannot swell the reply.
function describeUrl(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}
