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

/**
 * Whether the running model computes on this machine's CPU: the CPU backend, or a GPU
 * backend holding fewer than all of its layers (llama.cpp's -ngl counts the output layer
 * too, so all of them is nLayer + 1). Unknown figures count as CPU, the cautious answer.
 */
export function computesOnCpu(status: Pick<BackendStatus, 'backend' | 'gpuLayers' | 'model'>): boolean {
  if (status.backend === null || status.backend === 'cpu') return true;
  if (status.gpuLayers === null || status.model === null) return true;
  return status.gpuLayers < status.model.nLayer + 1;
}
