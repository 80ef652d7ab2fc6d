// The Electron side of the contract: one invoke channel and one event channel.
// Calls from anything but our own main frame are refused before dispatch, each
// with its reason (refuseSender, ipc-sender.ts).
import { ipcMain, type BrowserWindow, type IpcMain, type IpcMainInvokeEvent } from 'electron';
import type { InvokeHandlers } from '@shared/contract';
import type { Result } from '@shared/errors';
import type { EventBus } from '../services/events/event-bus';
import { dispatchInvoke } from '../services/ipc/dispatch';
import { IPC_EVENT, IPC_INVOKE } from '@shared/ipc-names';
import { refuseSender } from './ipc-sender';

/** The slice of Electron's ipcMain the host registers on. */
export type IpcHandlerHost = Pick<IpcMain, 'handle' | 'removeHandler'>;

export function registerIpc(
  handlers: InvokeHandlers,
  events: EventBus,
  window: () => BrowserWindow | null,
  isAppUrl: (url: string) => boolean,
  ipc: IpcHandlerHost = ipcMain,
): () => void {
  ipc.handle(
    IPC_INVOKE,
    async (event: IpcMainInvokeEvent, channel: unknown, input: unknown): Promise<Result<unknown>> => {
      const reason = refuseSender(event, window(), isAppUrl);
      if (reason)
        return { ok: false, error: { code: 'forbidden', message: `IPC refused: ${reason}`, details: { reason } } };
      return dispatchInvoke(handlers, channel, input);
    },
  );
  const detach = events.attach((name, payload) => {
    const win = window();
    if (win && !win.isDestroyed() && !win.webContents.isDestroyed()) win.webContents.send(IPC_EVENT, name, payload);
  });
  return () => {
    detach();
    ipc.removeHandler(IPC_INVOKE);
  };
}
