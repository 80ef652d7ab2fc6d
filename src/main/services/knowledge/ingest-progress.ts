// Each base's ingest run as the page sees it: files and passages done, the file under way,
// why it paused or failed, and an ETA from the bytes done. Progress events are throttled;
// a change of state forces one out.
import { randomBytes } from 'node:crypto';
import type { IngestProgress } from '@shared/knowledge/knowledge-types';
import { etaSeconds } from '@shared/knowledge/ingest-eta';
import type { StoredBase } from './knowledge-catalog';

/** One base's run: its progress event and the byte counts its ETA comes from. */
export interface RunState {
  progress: IngestProgress;
  startedAt: number;
  bytesDone: number;
  bytesTotal: number;
}

const PROGRESS_EVERY_MS = 250;

export function createIngestRuns(clock: () => number, onProgress: (progress: IngestProgress) => void) {
  const runs = new Map<string, RunState>();
  let lastEmit = 0;

  function emitProgress(run: RunState, force = false): void {
    const now = clock();
    if (!force && now - lastEmit < PROGRESS_EVERY_MS) return;
    lastEmit = now;
    run.progress.etaSeconds =
      run.progress.state === 'running'
        ? etaSeconds({ bytesDone: run.bytesDone, bytesTotal: run.bytesTotal, elapsedMs: now - run.startedAt })
        : null;
    onProgress({ ...run.progress });
  }

  function runFor(base: StoredBase, addedBytes: number, addedFiles: number): RunState {
    let run = runs.get(base.id);
    if (!run || run.progress.state !== 'running') {
      run = {
        progress: {
          jobId: randomBytes(6).toString('hex'),
          baseId: base.id,
          state: 'running',
          filesDone: 0,
          filesTotal: 0,
          filesFailed: 0,
          passagesDone: 0,
          currentFile: null,
          etaSeconds: null,
          pausedReason: null,
          detail: null,
        },
        startedAt: clock(),
        bytesDone: 0,
        bytesTotal: 0,
      };
      runs.set(base.id, run);
    }
    run.progress.filesTotal += addedFiles;
    run.bytesTotal += addedBytes;
    return run;
  }

  return { runs, emitProgress, runFor };
}

export type IngestRuns = ReturnType<typeof createIngestRuns>;
