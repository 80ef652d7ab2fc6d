import { getElectronBridge } from './electron-bridge';
import type { Platform } from './types';
import { checkPageSession, createWebSocketBridge, webSocketUrl } from './websocket-bridge';
import { createModelUpload } from './model-upload';
import { WS_TOKEN_PARAM } from '@shared/ws-protocol';

export type { ConnectionMonitor, ConnectionState, EvaApi, Platform } from './types';

/**
 * The preload's `window.eva` inside Electron, else a WebSocket bridge to the browser host that served this page
 * (dropped models go up by HTTP).
 */
export function getPlatform(): Platform {
  const electron = getElectronBridge();
  if (electron) return electron;
  const bridge = createWebSocketBridge({
    url: webSocketUrl(window.location),
    checkSession: () => checkPageSession(window.location),
  });
  const token = new URLSearchParams(window.location.search).get(WS_TOKEN_PARAM) ?? '';
  return Object.assign(bridge, { modelUpload: createModelUpload({ token }) }) satisfies Platform;
}
