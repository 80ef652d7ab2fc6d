import { getElectronBridge } from './electron-bridge';
import type { ConnectionMonitor, EvaApi } from './types';
import { checkPageSession, createWebSocketBridge, webSocketUrl } from './websocket-bridge';

export type { ConnectionMonitor, ConnectionState, EvaApi } from './types';

/** The preload's `window.eva` inside Electron, else a WebSocket bridge to the browser host that served this page. */
export function getPlatform(): EvaApi {
  return getElectronBridge() ?? createWebSocketBridge({ url: webSocketUrl(window.location), checkSession: () => checkPageSession(window.location) });
}

/** The connection monitor of a platform that has one (the WebSocket bridge), else null. */
export function connectionOf(api: EvaApi): ConnectionMonitor | null {
  const candidate = (api as { connection?: ConnectionMonitor }).connection;
  return candidate !== undefined && typeof candidate.onChange === 'function' ? candidate : null;
}
