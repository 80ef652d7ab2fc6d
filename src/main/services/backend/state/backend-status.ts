// The status a backend starts from, and the error of a load that a newer one replaced.
import type { BackendStatus } from '@shared/contract';
import { AppFailure } from '@shared/errors';

/** A status with nothing running: no backend, port, model or figures. */
export function blankStatus(state: BackendStatus['state'], since: number): BackendStatus {
  return {
    state,
    since,
    backend: null,
    model: null,
    host: null,
    port: null,
    gpuLayers: null,
    estimate: null,
    pid: null,
    loadMs: null,
    restarts: 0,
    notices: [],
    error: null,
    fit: null,
  };
}

export function superseded(): AppFailure {
  return new AppFailure('backend_failed', 'superseded by a newer load or stop');
}
