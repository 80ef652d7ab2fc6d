// How a run with RPC workers ends unasked: llama-server exits, or one of its
// local workers does. A worker killed mid-answer makes llama-server abort a
// moment later ("Remote RPC server crashed…"), and either exit may be seen
// first, so a server exit waits briefly for a worker's; a worker lost while the
// server idles stops the server, which would only fail at its next request.
import type { AppError } from '@shared/errors';
import type { ExitInfo } from '../../process/exit-record';
import type { LostWorker, RpcWorkerSet } from './rpc-worker-set';
import type { ServerRun } from '../run/server-run';

/** How long a server exit waits for a worker exit that caused it. */
export const LOSS_GRACE_MS = 500;

export interface RunEnd {
  exit: ExitInfo;
  /** the local worker whose loss ended the run, null when llama-server ended on its own */
  lostWorker: LostWorker | null;
}

export async function raceWorkerLoss(
  run: Pick<ServerRun, 'exited' | 'stop'>,
  rpc: Pick<RpcWorkerSet, 'inUse' | 'whenLost'>,
  graceMs = LOSS_GRACE_MS,
): Promise<RunEnd> {
  if (!rpc.inUse()) return { exit: await run.exited, lostWorker: null };
  const lost = rpc.whenLost();
  const first = await Promise.race([run.exited.then((exit) => ({ exit })), lost.then((worker) => ({ worker }))]);
  if ('worker' in first) return { exit: await run.stop(), lostWorker: first.worker };
  const late = await Promise.race([lost, new Promise<null>((resolve) => setTimeout(() => resolve(null), graceMs))]);
  return { exit: first.exit, lostWorker: late };
}

/** The sentence the status, the model log and the notice carry. */
export function workerLossNotice(lost: LostWorker, workers: number): string {
  return `RPC worker ${lost.endpoint} stopped unexpectedly (${lost.how}${lost.said ? `: ${lost.said}` : ''}); the answer in progress was cut off, and llama-server and its ${workers} worker${workers === 1 ? '' : 's'} are restarted`;
}

/** A failed start's error, or, when a local worker died during the start, the error that names it. */
export function startErrorWithWorker(error: AppError, lost: LostWorker | null): AppError {
  if (!lost) return error;
  const workerExit = lost.said ? `${lost.how}: ${lost.said}` : lost.how;
  return {
    ...error,
    message: workerLostAtStart(lost),
    details: {
      ...error.details,
      endpoint: lost.endpoint,
      workerExit,
      ...lost.exit,
      ...(lost.said ? { workerSaid: lost.said } : {}),
    },
  };
}

/**
 * A load's error when a local worker died while llama-server was loading: the worker, how it ended, and its own words.
 */
export function workerLostAtStart(lost: LostWorker): string {
  return `RPC worker ${lost.endpoint} stopped while llama-server was loading the model (${lost.how})${lost.said ? `: ${lost.said}` : ''}; see the model log`;
}
