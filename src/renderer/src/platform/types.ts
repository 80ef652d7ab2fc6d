// The renderer sees the core only through these types; everything else in platform/ implements them.
export type { EvaApi, EventName, EventPayloads, InvokeChannel, InvokeInput, InvokeOutput } from '@shared/contract';
export type { AppError, Result } from '@shared/errors';

/** Where a connection-based platform (the WebSocket bridge) stands; Electron IPC has no such state. */
/** expired: the page's address holds no token, or one from an earlier run; reconnecting cannot help. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'expired';

/** Optional capability of a platform whose link to the core can drop and come back. */
export interface ConnectionMonitor {
  getState(): ConnectionState;
  /** Called on every state change; returns an unsubscribe function. */
  onChange(listener: (state: ConnectionState) => void): () => void;
}
