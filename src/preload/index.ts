// The preload exposes the contract and nothing else: one generic invoke that
// only forwards known channels, and one event subscription for known events.
// Beside it, `evaFiles` tells a dropped file's own path (the renderer cannot).
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { EVENT_NAMES, isInvokeChannel, type EvaApi, type EventName } from '@shared/contract';
import { IPC_EVENT, IPC_INVOKE } from '@shared/ipc-names';

const api = {
  invoke: (channel, input) =>
    isInvokeChannel(channel)
      ? ipcRenderer.invoke(IPC_INVOKE, channel, input)
      : Promise.resolve({ ok: false, error: { code: 'unknown_channel', message: `unknown channel: ${String(channel)}` } }),
  on: (event, listener) => {
    if (!EVENT_NAMES.includes(event as EventName)) return () => {};
    const handler = (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload as never);
    };
    ipcRenderer.on(IPC_EVENT, handler);
    return () => ipcRenderer.removeListener(IPC_EVENT, handler);
  },
} satisfies EvaApi;

contextBridge.exposeInMainWorld('eva', api);

// Only a real File has a path; anything else the page passes gets ''.
const files = {
  pathForFile: (file: unknown): string => (file instanceof File ? webUtils.getPathForFile(file) : ''),
};
contextBridge.exposeInMainWorld('evaFiles', files);
