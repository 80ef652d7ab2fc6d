// Finding the optional drop capabilities on a platform, as connectionOf does for the
// connection monitor: Electron gives paths, the browser host takes uploads.
import type { EvaApi, ModelDrop, ModelUpload } from './types';

/** The Electron bridge's path lookup, else null. */
export function modelDropOf(api: EvaApi): ModelDrop | null {
  const candidate = (api as { modelDrop?: ModelDrop }).modelDrop;
  return candidate !== undefined && typeof candidate.pathOf === 'function' ? candidate : null;
}

/** The browser bridge's (or the fake's) upload, else null. */
export function modelUploadOf(api: EvaApi): ModelUpload | null {
  const candidate = (api as { modelUpload?: ModelUpload }).modelUpload;
  return candidate !== undefined && typeof candidate.upload === 'function' ? candidate : null;
}
