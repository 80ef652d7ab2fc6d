// The workshop runs one job at a time, whatever its kind: quantizing, converting
// and setting up Python each use every core and much of the disk. A second job
// is refused as busy; Cancel and quitting abort the one that runs.
import { AppFailure } from '@shared/errors';

export type JobKind = 'quantization' | 'conversion' | 'Python setup';

export interface JobSlot {
  /** runs `work` as the one job, with the signal Cancel aborts; refuses when another runs */
  run<T>(jobId: string, kind: JobKind, work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  cancel(jobId: string): { cancelled: boolean };
  /** aborts the running job */
  dispose(): void;
}

export function createJobSlot(): JobSlot {
  let running: { jobId: string; kind: JobKind; controller: AbortController } | null = null;
  return {
    async run(jobId, kind, work) {
      if (running)
        throw new AppFailure(
          'already_running',
          `another ${running.kind} (${running.jobId}) is running; wait for it or cancel it`,
          { reason: 'busy', running: running.kind },
        );
      const job = { jobId, kind, controller: new AbortController() };
      running = job;
      try {
        return await work(job.controller.signal);
      } finally {
        if (running === job) running = null;
      }
    },
    cancel(jobId) {
      if (running?.jobId !== jobId) return { cancelled: false };
      running.controller.abort();
      return { cancelled: true };
    },
    dispose() {
      running?.controller.abort();
    },
  };
}
