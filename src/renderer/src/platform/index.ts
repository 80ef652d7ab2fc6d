import { getElectronBridge } from './electron-bridge';
import type { ConnectionMonitor, EvaApi } from './types';
import { checkPageSession, createWebSocketBridge, webSocketUrl } from './websocket-bridge';
import { createModelUpload } from './model-upload';
import { WS_TOKEN_PARAM } from '@shared/ws-protocol';

export type { ConnectionMonitor, ConnectionState, EvaApi } from './types';

/**
 * The preload's `window.eva` inside Electron, else a WebSocket bridge to the browser host that served this page
 * (dropped models go up by HTTP).
 */
export function getPlatform(): EvaApi {
  const electron = getElectronBridge();
  if (electron) return electron;
  const bridge = createWebSocketBridge({
    url: webSocketUrl(window.location),
    checkSession: () => checkPageSession(window.location),
  });
  const token = new URLSearchParams(window.location.search).get(WS_TOKEN_PARAM) ?? '';
  return Object.assign(bridge, { modelUpload: createModelUpload({ token }) });
}

/** The connection monitor of a platform that has one (the WebSocket bridge), else null. */
export function connectionOf(api: EvaApi): ConnectionMonitor | null {
  const candidate = (api as { connection?: ConnectionMonitor }).connection;
  return candidate !== undefined && typeof candidate.onChange === 'function' ? candidate : null;
}
