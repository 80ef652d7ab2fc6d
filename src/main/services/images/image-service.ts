// Images (EVA's 文生图) behind the contract: which sd-cli there is, one
// generation at a time with its progress as events and Cancel, and the gallery
// of kept images. Both the image page and the `stablediffusion` tool come here.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { EventPayloads } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import type { ImageGenerateInput } from '@shared/images/image-contract';
import { dataUrlToBytes } from '@shared/images/image-params-chunk';
import { missingModelFiles, templateFiles } from '@shared/images/image-templates';
import {
  IMAGE_LIMITS,
  type GeneratedImage,
  type ImageEngineStatus,
  type ImageFailureReason,
  type ImageModelFiles,
  type ImageProgress,
  type ImageRecord,
} from '@shared/images/image-types';
import { ifExists } from '../fs/if-exists';
import { defaultStatfs, type StatFs } from '../models/disk-space';
import type { Launch } from '../process/process-lifecycle';
import { findSdCli, sdCliCandidates } from './find-sd-cli';
import { runImageJob } from './image-job';
import type { ImageStore } from './image-store';
import { progressThrottle } from './progress-throttle';
import { readSdBuildRecord, sdCliVersion } from './sd-cli-version';

export interface ImageServiceDeps {
  binDirs: readonly string[];
  /** PATH, searched after EVA's own builds (default: this process's) */
  pathVariable?: string;
  launch: Launch;
  store: ImageStore;
  emit: (event: 'image:progress', payload: EventPayloads['image:progress']) => void;
  /** sd-cli threads (settings.images.threads; 0: its own choice) */
  threads: () => number;
  statfs?: StatFs;
  tempRoot?: string;
  killGraceMs?: number;
  /** at most one progress event per this many ms (default 100) */
  progressIntervalMs?: number;
  random?: () => number;
}

export interface GenerateRequest extends ImageGenerateInput {
  source: ImageRecord['source'];
  /** the caller's own cancel (an agent run being stopped), besides image:cancel */
  signal?: AbortSignal;
  /** the caller's own progress listener (the agent's running-call card), besides `image:progress` */
  onProgress?: (progress: ImageProgress) => void;
}

export interface ImageService {
  status(): Promise<ImageEngineStatus>;
  generate(request: GenerateRequest): Promise<GeneratedImage>;
  cancel(jobId: string): { cancelled: boolean };
  list(): Promise<ImageRecord[]>;
  read(id: string): Promise<GeneratedImage>;
  remove(id: string): Promise<boolean>;
  /** cancels the running generation */
  dispose(): void;
}

export function createImageService(deps: ImageServiceDeps): ImageService {
  let running: { jobId: string; controller: AbortController } | null = null;
  // `sd-cli --version` costs a process start: asked once per binary (and again when it is rebuilt).
  const versions = new Map<string, Promise<string | null>>();
  const versionOf = async (path: string): Promise<string | null> => {
    const key = `${path}:${(await stat(path)).mtimeMs}`;
    if (!versions.has(key)) versions.set(key, sdCliVersion(path, deps.launch));
    return versions.get(key)!;
  };

  async function status(): Promise<ImageEngineStatus> {
    const searched = sdCliCandidates(deps.binDirs, deps.pathVariable ?? process.env.PATH).map(
      (candidate) => candidate.path,
    );
    const found = await findSdCli(deps.binDirs, deps.pathVariable ?? process.env.PATH);
    if (!found) return { cli: null, searched, build: null };
    const [version, build] = await Promise.all([
      // The version is only shown beside the path; a binary that cannot say it still runs.
      versionOf(found.path).catch(() => null),
      readSdBuildRecord(found.path),
    ]);
    return { cli: { path: found.path, where: found.where, version }, searched, build };
  }

  async function generate(request: GenerateRequest): Promise<GeneratedImage> {
    if (running)
      refuse(
        'already_running',
        'busy',
        `another picture (${running.jobId}) is being generated; wait for it or cancel it`,
      );
    const controller = new AbortController();
    const job = { jobId: request.jobId, controller };
    running = job;
    const stopOnCallerAbort = () => controller.abort();
    request.signal?.addEventListener('abort', stopOnCallerAbort, { once: true });
    try {
      const cli = await findSdCli(deps.binDirs, deps.pathVariable ?? process.env.PATH);
      if (!cli) {
        const searched = sdCliCandidates(deps.binDirs, deps.pathVariable ?? process.env.PATH).map(
          (candidate) => candidate.path,
        );
        refuse(
          'backend_missing',
          'binary_missing',
          'sd-cli was not found: build it with `npm run backend:build -- --sd`, or put an sd-cli on PATH.',
          { searched },
        );
      }
      const files = await checkedFiles(request.template, request.files);
      const random = deps.random ?? Math.random;
      const params = { ...request.params, seed: request.params.seed ?? Math.floor(random() * IMAGE_LIMITS.maxSeed) };
      const initImage = request.initImage === undefined ? null : dataUrlToBytes(request.initImage);
      return await runImageJob(
        {
          jobId: request.jobId,
          imageId: deps.store.newId(),
          template: request.template,
          files,
          params,
          initImage,
          threads: deps.threads(),
          source: request.source,
          signal: controller.signal,
        },
        {
          launch: deps.launch,
          store: deps.store,
          cliPath: cli.path,
          statfs: deps.statfs ?? defaultStatfs,
          onProgress: progressThrottle((progress) => {
            deps.emit('image:progress', progress);
            request.onProgress?.(progress);
          }, deps.progressIntervalMs ?? 100),
          tempRoot: deps.tempRoot,
          killGraceMs: deps.killGraceMs,
        },
      );
    } finally {
      request.signal?.removeEventListener('abort', stopOnCallerAbort);
      if (running === job) running = null;
    }
  }

  return {
    status,
    generate,
    cancel(jobId) {
      if (running?.jobId !== jobId) return { cancelled: false };
      running.controller.abort();
      return { cancelled: true };
    },
    list: () => deps.store.list(),
    read: (id) => deps.store.read(id),
    remove: (id) => deps.store.remove(id),
    dispose() {
      running?.controller.abort();
    },
  };
}

/** The template's files, each there and a file; refusals name the first one missing. */
async function checkedFiles(template: GenerateRequest['template'], given: ImageModelFiles): Promise<ImageModelFiles> {
  const unset = missingModelFiles(template, given);
  if (unset.length > 0)
    refuse(
      'bad_request',
      'model_unset',
      `The ${template} template needs these model files: ${unset.join(', ')}. Choose them on the image page.`,
      { roles: unset },
    );
  const files = templateFiles(template, given);
  for (const [role, path] of Object.entries(files) as Array<[string, string]>) {
    const absolute = resolve(path);
    const info = await ifExists(stat(absolute));
    if (!info?.isFile())
      refuse('model_missing', 'model_missing', `model file not found: ${absolute}`, { path: absolute, role });
    files[role as keyof ImageModelFiles] = absolute;
  }
  return files;
}

function refuse(
  code: AppFailure['code'],
  reason: ImageFailureReason,
  message: string,
  details: Record<string, unknown> = {},
): never {
  throw new AppFailure(code, message, { reason, ...details });
}
