// The downloads of this run: each one's state (pushed as `models:download`),
// one at a time per destination, cancel by id, and all of them stopped when the
// core shuts down. The bytes themselves are download-file.ts's job.
import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { AppFailure, toAppError } from '@shared/errors';
import type { DownloadState } from '@shared/models/model-library';
import { assertDiskRoom, type StatFs } from './disk-space';
import { downloadFile, partSizeOf, type DownloadPlan } from './download-file';
import type { Fetch } from './hub-client';

export interface DownloadManagerDeps {
  fetch: Fetch;
  statfs: StatFs;
  emit: (state: DownloadState) => void;
  now?: () => number;
  /** after a file landed in the library (the scan cache need not wait for the next list) */
  onFinished?: (dest: string) => void;
}

export interface DownloadManager {
  /** Checks and starts a download; resolves with its first state once it runs. */
  start(plan: DownloadPlan & { repo: string; file: string }): Promise<DownloadState>;
  cancel(id: string): boolean;
  list(): DownloadState[];
  /** resolves when the download has ended (for tests and shutdown) */
  settled(id: string): Promise<DownloadState | null>;
  dispose(): Promise<void>;
}

interface Running {
  state: DownloadState;
  controller: AbortController;
  done: Promise<void>;
}

export function createDownloadManager(deps: DownloadManagerDeps): DownloadManager {
  const now = deps.now ?? Date.now;
  const downloads = new Map<string, Running>();
  const busy = (dest: string) =>
    [...downloads.values()].some(
      (d) => d.state.dest === dest && (d.state.phase === 'downloading' || d.state.phase === 'verifying'),
    );

  return {
    async start(plan) {
      const name = basename(plan.dest);
      if (busy(plan.dest))
        throw new AppFailure('already_running', `${name} is already downloading.`, {
          path: plan.dest,
          reason: 'already_downloading',
        });
      if (
        await access(plan.dest).then(
          () => true,
          () => false,
        )
      ) {
        throw new AppFailure(
          'bad_request',
          `${name} is already in ${dirname(plan.dest)}; delete or rename that file to download it again.`,
          { path: plan.dest, reason: 'file_exists' },
        );
      }
      const existing = await partSizeOf(plan.dest);
      await assertDiskRoom(dirname(plan.dest), Math.max(0, plan.totalBytes - existing), name, deps.statfs);
      const controller = new AbortController();
      const state: DownloadState = {
        id: randomUUID(),
        repo: plan.repo,
        file: plan.file,
        dest: plan.dest,
        receivedBytes: existing,
        totalBytes: plan.totalBytes,
        bytesPerSec: 0,
        etaSec: null,
        phase: 'downloading',
        resumedFrom: existing,
        error: null,
      };
      const update = (change: Partial<DownloadState>): void => {
        Object.assign(state, change);
        deps.emit({ ...state });
      };
      const done = downloadFile(plan, {
        fetch: deps.fetch,
        signal: controller.signal,
        statfs: deps.statfs,
        now,
        report: update,
      }).then(
        () => {
          update({ phase: 'done', receivedBytes: plan.totalBytes || state.receivedBytes, bytesPerSec: 0, etaSec: 0 });
          deps.onFinished?.(plan.dest);
        },
        (error: unknown) => {
          if (controller.signal.aborted) update({ phase: 'cancelled', bytesPerSec: 0, etaSec: null });
          else update({ phase: 'failed', bytesPerSec: 0, etaSec: null, error: toAppError(error) });
        },
      );
      downloads.set(state.id, { state, controller, done });
      deps.emit({ ...state });
      return { ...state };
    },
    cancel(id) {
      const running = downloads.get(id);
      if (!running || (running.state.phase !== 'downloading' && running.state.phase !== 'verifying')) return false;
      running.controller.abort();
      return true;
    },
    list: () => [...downloads.values()].map((d) => ({ ...d.state })),
    async settled(id) {
      const running = downloads.get(id);
      if (!running) return null;
      await running.done;
      return { ...running.state };
    },
    async dispose() {
      for (const running of downloads.values()) running.controller.abort();
      await Promise.all([...downloads.values()].map((d) => d.done));
    },
  };
}
