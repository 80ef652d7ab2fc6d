// The Electron side of the contract: one invoke channel and one event channel.
// Calls from anything but our own main frame are refused before dispatch.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import type { InvokeHandlers } from '@shared/contract';
import type { Result } from '@shared/errors';
import type { EventBus } from '../services/app/event-bus';
import { dispatchInvoke } from '../services/ipc/dispatch';
import { IPC_EVENT, IPC_INVOKE } from '@shared/ipc-names';

export function registerIpc(handlers: InvokeHandlers, events: EventBus, window: () => BrowserWindow | null, isAppUrl: (url: string) => boolean): () => void {
  ipcMain.handle(IPC_INVOKE, async (event: IpcMainInvokeEvent, channel: unknown, input: unknown): Promise<Result<unknown>> => {
    const win = window();
    const frame = event.senderFrame;
    if (!win || event.sender !== win.webContents || !frame || frame !== win.webContents.mainFrame || !isAppUrl(frame.url)) {
      return { ok: false, error: { code: 'forbidden', message: 'IPC from an unknown frame' } };
    }
    return dispatchInvoke(handlers, channel, input);
  });
  const detach = events.attach((name, payload) => {
    const win = window();
    if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENT, name, payload);
  });
  return () => {
    detach();
    ipcMain.removeHandler(IPC_INVOKE);
  };
}
