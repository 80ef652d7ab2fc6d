// Why a start failed, in the two cases the manager answers by starting again
// differently: a CPU fault while loading (start without weight repacking) and
// running out of memory with nothing smaller left to try (the error it ends with).
import { AppFailure, type AppError } from '@shared/errors';
import type { FitRun } from './load-fitting';

export const NO_REPACK = '--no-repack';

/** The last start ran out of memory and nothing smaller was left to try (or the tries ran out). */
export function outOfMemoryFailure(run: FitRun, cause: AppError): AppFailure {
  const oom = run.lastOutOfMemory!;
  const tried =
    run.changes.length > 0 ? ` after ${run.changes.length} smaller ${run.changes.length === 1 ? 'try' : 'tries'}` : '';
  const size = oom.mib !== null ? ` (${Math.round(oom.mib)} MiB)` : '';
  return new AppFailure(
    'out_of_memory',
    `llama-server ran out of memory on ${oom.device}${size}${tried}, with ${run.point.gpuLayers} GPU layers and context ${run.point.contextSize || 'the model’s own'}; choose a smaller context or model`,
    { ...cause.details, device: oom.device, buffer: oom.buffer, changes: run.changes.map((change) => change.text) },
  );
}

/** A start that ended by a CPU fault (a bad instruction or memory access), not by an error llama-server reported. */
export function diedOfCpuFault(details: Record<string, unknown> | undefined): boolean {
  return details?.signal === 'SIGSEGV' || details?.signal === 'SIGILL' || details?.signal === 'SIGBUS';
}
