// The browser host's drop target (MODEL_UPLOAD_PATH): a page in a plain browser never
// learns a dropped file's path, so it sends the bytes to the core, which writes them
// into the download folder. XMLHttpRequest, not fetch: only it reports upload progress.
import { MODEL_UPLOAD_PATH } from '@shared/models/model-library';
import { WS_TOKEN_PARAM } from '@shared/ws-protocol';
import type { ModelUpload, Result } from './types';

/** The part of XMLHttpRequest an upload uses, so tests can pass a fake. */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  readonly upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface ModelUploadOptions {
  /** the page's token (from its address), which the host checks like the WebSocket's */
  token: string;
  createXhr?: () => XhrLike;
}

/** `PUT /models/upload?token=…&name=…` for the given token. */
export function uploadUrl(token: string, name: string): string {
  return `${MODEL_UPLOAD_PATH}?${WS_TOKEN_PARAM}=${encodeURIComponent(token)}&name=${encodeURIComponent(name)}`;
}

/** The answer's `Result<{ path }>`, or a sentence naming the HTTP status when it is not one. */
export function parseUploadAnswer(status: number, text: string): Result<{ path: string }> {
  try {
    const answer = JSON.parse(text) as Result<{ path: unknown }>;
    if (answer && answer.ok === true && typeof answer.value?.path === 'string')
      return { ok: true, value: { path: answer.value.path } };
    if (answer && answer.ok === false && typeof answer.error?.message === 'string')
      return { ok: false, error: answer.error };
  } catch {
    // not JSON: said below with the status
  }
  return { ok: false, error: { code: 'internal', message: `upload refused (HTTP ${status})`, details: { status } } };
}

export function createModelUpload({
  token,
  createXhr = () => new XMLHttpRequest() as unknown as XhrLike,
}: ModelUploadOptions): ModelUpload {
  return {
    upload: (file, { onProgress, signal }) =>
      new Promise((resolve) => {
        const cancelled = (): void =>
          resolve({
            ok: false,
            error: { code: 'bad_request', message: 'upload cancelled', details: { cancelled: true } },
          });
        if (signal.aborted) return cancelled();
        const xhr = createXhr();
        xhr.open('PUT', uploadUrl(token, file.name));
        xhr.setRequestHeader('Content-Type', 'application/octet-stream');
        xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
        xhr.onload = () => resolve(parseUploadAnswer(xhr.status, xhr.responseText));
        xhr.onerror = () =>
          resolve({ ok: false, error: { code: 'internal', message: 'upload failed: the connection to EVA was lost' } });
        xhr.onabort = cancelled;
        signal.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(file);
      }),
  };
}

/** Whether a failed upload was the user's Cancel rather than a failure. */
export function isCancelledUpload(error: { details?: Record<string, unknown> }): boolean {
  return error.details?.cancelled === true;
}
