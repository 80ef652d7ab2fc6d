// The preload exposes the contract and nothing else: one generic invoke that
// only forwards known channels, and one event subscription for known events.
// Beside it, `evaFiles` tells a dropped file's own path (the renderer cannot).
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { EVENT_NAMES, isInvokeChannel, type EvaApi, type EventName } from '@shared/contract';
import { IPC_EVENT, IPC_INVOKE } from '@shared/ipc-names';

type Listener = (payload: unknown) => void;

// One IPC listener fans out to every subscription: the page subscribes some twenty
// times, and as many ipcRenderer listeners pass Node's limit (MaxListenersExceededWarning).
const listeners = new Map<EventName, Set<Listener>>();

const onEvent = (_event: IpcRendererEvent, name: unknown, payload: unknown): void => {
  const subscribed = listeners.get(name as EventName);
  if (!subscribed) return;
  // Every listener hears the event; the first failure is rethrown after, as ipcRenderer would have thrown it.
  const failures: unknown[] = [];
  for (const listener of [...subscribed]) {
    try {
      listener(payload);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
};

const api = {
  invoke: (channel, input) =>
    isInvokeChannel(channel)
      ? ipcRenderer.invoke(IPC_INVOKE, channel, input)
      : Promise.resolve({
          ok: false,
          error: { code: 'unknown_channel', message: `unknown channel: ${String(channel)}` },
        }),
  on: (event, listener) => {
    if (!EVENT_NAMES.includes(event as EventName)) return () => {};
    if (listeners.size === 0) ipcRenderer.on(IPC_EVENT, onEvent);
    const subscribed = listeners.get(event) ?? new Set<Listener>();
    listeners.set(event, subscribed);
    // Its own entry, so one function subscribed twice is heard twice and unsubscribed once each.
    const entry: Listener = (payload) => listener(payload as never);
    subscribed.add(entry);
    return () => {
      subscribed.delete(entry);
      if (subscribed.size === 0 && listeners.get(event) === subscribed) listeners.delete(event);
      if (listeners.size === 0) ipcRenderer.removeListener(IPC_EVENT, onEvent);
    };
  },
} satisfies EvaApi;

contextBridge.exposeInMainWorld('eva', api);

// Only a real File has a path; anything else the page passes gets ''.
const files = {
  pathForFile: (file: unknown): string => (file instanceof File ? webUtils.getPathForFile(file) : ''),
};
contextBridge.exposeInMainWorld('evaFiles', files);
