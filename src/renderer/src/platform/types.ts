// The renderer sees the core only through these types; everything else in platform/ implements them.
export type { EvaApi, EventName, EventPayloads, InvokeChannel, InvokeInput, InvokeOutput } from '@shared/contract';
export type { AppError, Result } from '@shared/errors';
import type { EvaApi } from '@shared/contract';
import type { Result } from '@shared/errors';

/**
 * What the renderer talks to: the contract's calls and events, and the capabilities only some platforms have, each an
 * optional member (absent means the platform cannot do it), so a caller asks `platform.modelDrop` and never casts.
 */
export interface Platform extends EvaApi {
  /** The link to the core can drop and come back (the WebSocket bridge); Electron IPC has none. */
  readonly connection?: ConnectionMonitor;
  /** A dropped file's own path on disk (the Electron bridge, when the preload gave it). */
  readonly modelDrop?: ModelDrop;
  /** A dropped `.gguf` copied into the library by upload (the browser host's bridge), for a page that has no paths. */
  readonly modelUpload?: ModelUpload;
}

/** Where a connection-based platform (the WebSocket bridge) stands; Electron IPC has no such state. */
/** expired: the page's address holds no token, or one from an earlier run; reconnecting cannot help. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'expired';

/** Optional capability of a platform whose link to the core can drop and come back. */
export interface ConnectionMonitor {
  getState(): ConnectionState;
  /** Called on every state change; returns an unsubscribe function. */
  onChange(listener: (state: ConnectionState) => void): () => void;
}

/**
 * Optional capability of the Electron bridge: a dropped file's own path on disk
 * (Electron's webUtils.getPathForFile, exposed by the preload). A page in a plain
 * browser never learns paths, so it uploads instead (ModelUpload).
 */
export interface ModelDrop {
  /** null for a file with no path (dragged from another app's memory, say) */
  pathOf(file: File): string | null;
}

/** Upload progress of one file, in bytes. */
export type UploadProgress = (sentBytes: number, totalBytes: number) => void;

/** Optional capability of the browser host's bridge: copy a dropped `.gguf` into the download folder. */
export interface ModelUpload {
  /**
   * Resolves with the file's path in the library, or an error (code 'bad_request' with details.cancelled when aborted).
   */
  upload(file: File, options: { onProgress: UploadProgress; signal: AbortSignal }): Promise<Result<{ path: string }>>;
}
