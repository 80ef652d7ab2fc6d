// One load's way to fit: it starts from what the user asked for, or from what
// fit last time for the same model, device and settings; each start that runs
// out of memory is retried smaller (fit-retry.ts), and a load that only worked
// smaller is remembered (fit-memory.ts) so the next one starts there.
import type { StatusNotice } from '@shared/backend/status-notices';
import { totalmem } from 'node:os';
import type { BackendKind, FitChange, FitPoint, GpuInfo, LoadFit, LoadReport } from '@shared/contract';
import { errorText } from '@shared/errors';
import { fitMemoryKey, type FitMemory } from './fit-memory';
import { MAX_FIT_ATTEMPTS, nextFitPoint, type FitLimits } from './fit-retry';
import { findOutOfMemory, type OutOfMemory } from './out-of-memory';

export interface FitRun {
  /** the backend (its index in the load's order) this run belongs to */
  index: number;
  /** where it is remembered; null when the model file cannot be read (the load fails anyway) */
  key: string | null;
  requested: FitPoint;
  point: FitPoint;
  changes: FitChange[];
  remembered: boolean;
  /** the last start's memory failure, for the error when nothing smaller is left */
  lastOutOfMemory: OutOfMemory | null;
}

/** The devices a load's fit depends on: the GPUs (name and size) or the machine's RAM. */
export function deviceSignature(backend: BackendKind, gpus: readonly GpuInfo[]): string {
  if (backend === 'cpu' || gpus.length === 0) return `${backend} host ${Math.round(totalmem() / 2 ** 30)} GiB`;
  return `${backend} ${gpus.map((gpu) => `${gpu.name} ${gpu.totalMiB ?? '?'} MiB`).join(', ')}`;
}

export async function beginFit(
  memory: FitMemory,
  index: number,
  requestKey: string,
  modelPath: string,
  devices: string,
  requested: FitPoint,
): Promise<FitRun> {
  const key = await fitMemoryKey(requestKey, modelPath, devices);
  const recalled = key ? memory.recall(key) : null;
  return {
    index,
    key,
    requested,
    point: recalled ?? requested,
    changes: [],
    remembered: recalled !== null,
    lastOutOfMemory: null,
  };
}

/**
 * After a failed start: the change to try next, or null when it did not run out of memory or nothing smaller is left.
 */
export function nextFit(run: FitRun, startLines: readonly string[], limits: FitLimits): FitChange | null {
  const oom = findOutOfMemory(startLines);
  run.lastOutOfMemory = oom;
  if (!oom || run.changes.length + 1 >= MAX_FIT_ATTEMPTS) return null;
  const change = nextFitPoint(run.point, oom, limits);
  if (!change) return null;
  run.point = change.to;
  run.changes.push(change);
  return change;
}

/** A start that worked: remember the figures when they differ from the request, forget an entry it no longer needs. */
export async function settleFit(
  memory: FitMemory,
  run: FitRun,
  report: LoadReport,
  log: (line: string) => void,
): Promise<LoadFit> {
  const shrunk = run.point.gpuLayers !== run.requested.gpuLayers || run.point.contextSize !== run.requested.contextSize;
  // The model runs either way; a fit that could not be written only makes the next load find it again, so it is
  // logged, not thrown.
  if (run.key)
    await (shrunk ? memory.remember(run.key, run.point) : memory.forget(run.key)).catch((error: unknown) =>
      log(`the fit for this model could not be ${shrunk ? 'remembered' : 'forgotten'}: ${errorText(error)}`),
    );
  return { report, requested: run.requested, running: run.point, changes: run.changes, remembered: run.remembered };
}

/** "started from what fit last time …" for the notices, when it did. */
export function rememberedNotice(run: FitRun): StatusNotice | null {
  if (!run.remembered) return null;
  const parts = [
    run.point.gpuLayers !== run.requested.gpuLayers
      ? `${run.point.gpuLayers} GPU layers instead of ${run.requested.gpuLayers}`
      : null,
    run.point.contextSize !== run.requested.contextSize
      ? `context ${run.point.contextSize} instead of ${run.requested.contextSize || 'the model’s own'}`
      : null,
  ].filter((part) => part !== null);
  const vars = {
    layers: run.point.gpuLayers,
    requestedLayers: run.requested.gpuLayers,
    context: run.point.contextSize,
    requestedContext: run.requested.contextSize,
  };
  return { code: 'fit_recalled', vars, text: `started with what fit last time on this machine: ${parts.join(', ')}` };
}
