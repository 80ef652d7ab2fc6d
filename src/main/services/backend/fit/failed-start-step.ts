// What a load does after one backend's start failed: the same backend again with
// smaller figures (it ran out of memory), the same backend without weight
// repacking (a CPU fault while loading), the next backend, or give up.
import type { BackendKind, ModelFacts, Notice } from '@shared/contract';
import { AppFailure, type AppError } from '@shared/errors';
import { startFailureValues } from '@shared/backend/start-failure';
import { fallbackNotice } from '../backend-choice';
import { startFailureOf } from '../load-messages';
import type { ExitInfo } from '../../process/exit-record';
import { nextFit, type FitRun } from './load-fitting';
import { isGpuDevice } from './out-of-memory';
import { diedOfCpuFault, NO_REPACK, outOfMemoryFailure } from './start-failure';

export interface FailedStart {
  fitting: FitRun;
  /** the failed start's own output lines */
  startLines: readonly string[];
  model: ModelFacts;
  error: AppError;
  backend: BackendKind;
  /** the backend the load tries after this one, if any */
  next: BackendKind | undefined;
  /** this backend already starts without weight repacking */
  repackOff: boolean;
}

/** 'smaller' and 'no_repack' start the same backend again; 'next_backend' moves on to the next. */
export interface RetryStep {
  retry: 'smaller' | 'no_repack' | 'next_backend';
  /** what changed: for the status's notices, the model log and the user */
  notice: Notice;
}

/**
 * The start to try next; throws the load's AppFailure when none is left. Notes the start's memory failure in `fitting`.
 */
export function stepAfterFailedStart(failed: FailedStart): RetryStep {
  const { fitting, error, next } = failed;
  const change = nextFit(fitting, failed.startLines, {
    maxLayers: failed.model.nLayer + 1,
    trainedContext: failed.model.contextLength,
  });
  if (change) {
    // Out of memory: the same backend again, smaller; what changed is said where the user looks.
    const why = `${change.text}; starting again`;
    return {
      retry: 'smaller',
      notice: {
        level: 'warning',
        code: 'backend_fit',
        message: why,
        details: { device: change.device, from: change.from, to: change.to },
      },
    };
  }
  // Host memory that ran out stays out on any backend; a GPU that ran out may leave the next backend room.
  if (fitting.lastOutOfMemory && (!isGpuDevice(fitting.lastOutOfMemory.device) || !next))
    throw outOfMemoryFailure(fitting, error);
  if (!failed.repackOff && diedOfCpuFault(error.details)) {
    // Weight repacking uses the CPU's newest matrix units (AMX on recent Xeons); some
    // virtual machines report them but fault on use. Without repacking the same
    // build runs, a little slower on quantized models.
    const why = `llama-server crashed while loading the model (${String(error.details?.signal)}); it is started again without weight repacking (${NO_REPACK}), which this CPU or virtual machine needs`;
    return {
      retry: 'no_repack',
      notice: { level: 'warning', code: 'backend_no_repack', message: why, details: { signal: error.details?.signal } },
    };
  }
  if (!next) throw new AppFailure(error.code, error.message, error.details);
  const why = fallbackNotice(failed.backend, error.message, next);
  return {
    retry: 'next_backend',
    notice: {
      level: 'warning',
      code: 'backend_fallback',
      message: why,
      // The cause in parts too, so the page words the exit in its language and quotes only llama-server's words.
      details: {
        from: failed.backend,
        to: next,
        cause: error.message,
        ...startFailureValues(startFailureOf(error, { lines: failed.startLines, exit: exitInDetails(error) })),
      },
    },
  };
}

/** How llama-server ended, as its start's error holds it (run/server-run.ts), or null before it ended. */
function exitInDetails(error: AppError): ExitInfo | null {
  const { exitCode, signal, spawnError } = error.details ?? {};
  if (typeof exitCode !== 'number' && typeof signal !== 'string' && typeof spawnError !== 'string') return null;
  return {
    code: typeof exitCode === 'number' ? exitCode : null,
    signal: typeof signal === 'string' ? (signal as NodeJS.Signals) : null,
    spawnError: typeof spawnError === 'string' ? spawnError : null,
  };
}
