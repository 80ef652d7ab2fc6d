// One generation, start to end: sd-cli writes `<id>.part.png` in the images
// folder; the PNG is checked whole (sd-cli reports success even when the disk
// filled up during the write), EVA's parameters are put into it, and only then
// do the PNG and its record take their real names. A failure or a Cancel
// leaves nothing: the part and the start image's temp folder always go. sd-cli
// runs through the process lifecycle, so Cancel (or quitting) stops it at once.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppFailure } from '@shared/errors';
import { embedParams } from '@shared/images/image-params-chunk';
import type {
  GeneratedImage,
  ImageModelFiles,
  ImageParams,
  ImageProgress,
  ImageRecord,
  ImageTemplateName,
} from '@shared/images/image-types';
import { checkPng } from '@shared/images/png-chunks';
import { ifExists } from '../fs/if-exists';
import { freeBytesIn, type StatFs } from '../models/disk-space';
import type { Launch } from '../process/process-lifecycle';
import { sdArgs } from './sd-args';
import { judgeSdRun } from './sd-outcome';
import { sdOutputReader } from './sd-progress';
import { pngDataUrl, type ImageStore } from './image-store';

export interface ImageJob {
  jobId: string;
  imageId: string;
  template: ImageTemplateName;
  /** checked to exist */
  files: ImageModelFiles;
  /** with the seed chosen */
  params: ImageParams;
  /** image to image: the start image's bytes */
  initImage: Uint8Array | null;
  threads: number;
  source: ImageRecord['source'];
  signal: AbortSignal;
}

export interface ImageJobDeps {
  launch: Launch;
  store: ImageStore;
  cliPath: string;
  statfs: StatFs;
  onProgress: (progress: ImageProgress) => void;
  /** where a start image's temp folder goes (default: the OS temp dir) */
  tempRoot?: string;
  /** SIGTERM → SIGKILL delay on Cancel: sd-cli dies on SIGTERM at once */
  killGraceMs?: number;
  now?: () => number;
}

const DEFAULT_GRACE_MS = 500;
/** Room kept free beyond the PNG itself (the record, the atomic write's temp copy). */
const DISK_MARGIN_BYTES = 1024 * 1024;

/**
 * A PNG of random-looking pixels barely compresses: the raw RGB size bounds it, twice over for the part and the final
 * copy.
 */
export function neededBytes(params: Pick<ImageParams, 'width' | 'height'>): number {
  return params.width * params.height * 3 * 2 + DISK_MARGIN_BYTES;
}

export async function runImageJob(job: ImageJob, deps: ImageJobDeps): Promise<GeneratedImage> {
  const started = performance.now();
  const partPath = deps.store.partPath(job.imageId);
  let tempDir: string | null = null;
  await mkdir(deps.store.dir, { recursive: true });
  const needed = neededBytes(job.params);
  const free = await freeBytesIn(deps.store.dir, deps.statfs);
  // Said before minutes of sampling, not after: the PNG is written last.
  if (free < needed) throw diskFull(deps.store.dir, needed, free);
  try {
    deps.onProgress({ jobId: job.jobId, phase: 'starting', done: 0, total: 0 });
    let initImagePath: string | undefined;
    if (job.initImage) {
      tempDir = await mkdtemp(join(deps.tempRoot ?? tmpdir(), 'eva-sd-'));
      initImagePath = join(tempDir, 'start-image');
      await writeFile(initImagePath, job.initImage);
    }
    const reader = sdOutputReader((progress) => deps.onProgress({ jobId: job.jobId, ...progress }));
    const args = sdArgs({
      template: job.template,
      files: job.files,
      params: job.params,
      initImagePath,
      outputPath: partPath,
      threads: job.threads,
    });
    const proc = deps.launch({
      name: 'sd-cli',
      command: deps.cliPath,
      args,
      // ggml attaches gdb for a backtrace when it aborts (out of memory): seconds of delay and a page of noise.
      env: { ...process.env, GGML_NO_BACKTRACE: '1' },
      output: { mode: 'text', onText: (stream, text) => stream === 'stdout' && reader.push(text) },
      signal: job.signal,
      killGraceMs: deps.killGraceMs ?? DEFAULT_GRACE_MS,
    });
    const exit = await proc.exited;
    const failure = judgeSdRun({
      cancelled: exit.why === 'aborted',
      exit,
      stderrTail: exit.lastLines,
      stdoutTail: reader.lastLines(),
      modelPath: job.files.model ?? job.files.diffusionModel ?? '',
    });
    if (failure) throw failure;
    // No part means sd-cli wrote nothing; a part that cannot be read is reported as it is.
    const written = await ifExists(readFile(partPath));
    if (written === null)
      throw new AppFailure('backend_failed', 'sd-cli finished without writing the picture.', {
        reason: 'write_failed',
        path: deps.store.dir,
      });
    const check = checkPng(written);
    if (!check.ok) {
      // Only tells a full disk apart from a torn write; without a reading the write_failed below still says it.
      const nowFree = await freeBytesIn(deps.store.dir, deps.statfs).catch(() => Infinity);
      if (nowFree < needed) throw diskFull(deps.store.dir, needed, nowFree);
      throw new AppFailure('backend_failed', `sd-cli wrote an incomplete picture (${check.why}).`, {
        reason: 'write_failed',
        path: deps.store.dir,
      });
    }
    deps.onProgress({ jobId: job.jobId, phase: 'saving', done: 1, total: 1 });
    const recordBase = { template: job.template, files: job.files, params: job.params };
    const png = embedParams(written, recordBase);
    const record: ImageRecord = {
      id: job.imageId,
      createdAt: (deps.now ?? Date.now)(),
      ...recordBase,
      fromImage: job.initImage !== null,
      bytes: png.length,
      ms: Math.round(performance.now() - started),
      source: job.source,
    };
    await deps.store.commit(record, png);
    return { record, dataUrl: pngDataUrl(png) };
  } finally {
    // Best-effort tidy-up in `finally`: throwing here would hide the job's own outcome.
    await rm(partPath, { force: true }).catch(() => undefined);
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

function diskFull(dir: string, needed: number, free: number): AppFailure {
  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
  return new AppFailure(
    'disk_full',
    `Not enough disk space for the picture: about ${mb(needed)} needed, ${mb(free)} free in ${dir}.`,
    { reason: 'disk_full', path: dir, neededBytes: needed, freeBytes: free },
  );
}
