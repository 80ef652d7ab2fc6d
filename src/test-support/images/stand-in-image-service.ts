// The image service over a stand-in sd-cli (sd-test-assets.ts) for the tests that drive it: one folder per test
// file with the stand-in and a model file it never reads, a fresh service and store per call.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { ImageGenerateInput } from '@shared/images/image-contract';
import type { ImageProgress } from '@shared/images/image-types';
import type { StatFs } from '@main/services/models/disk-space';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { createImageService } from '@main/services/images/image-service';
import { openImageStore } from '@main/services/images/image-store';
import { installStandInSdCli } from './sd-test-assets';

/** The calling file's folder, stand-in and model file (set before its tests), and its job counter. */
export const env = { dir: '', standInBin: '', modelPath: '', jobs: 0 };

/** Installs the stand-in in a temporary folder for the calling test file, and removes the folder after it. */
export function useStandInSdCli(): void {
  beforeAll(async () => {
    env.dir = await mkdtemp(join(tmpdir(), 'eva-images-test-'));
    env.standInBin = await installStandInSdCli(env.dir);
    env.modelPath = join(env.dir, 'model.safetensors');
    await writeFile(env.modelPath, 'the stand-in never reads it');
  });

  afterAll(async () => {
    await rm(env.dir, { recursive: true, force: true });
  });
}

const PLENTY: StatFs = async () => ({ bavail: 1e9, bsize: 4096 });

/** A fresh image service (and its store and temp folder) over the stand-in; `leftovers` lists what a job left. */
export async function images(options: { binDirs?: string[]; statfs?: StatFs } = {}) {
  const registry = memoryLifecycle();
  const root = await mkdtemp(join(env.dir, 'data-'));
  const store = openImageStore(join(root, 'images'));
  const tempRoot = await mkdtemp(join(root, 'temp-'));
  const progress: ImageProgress[] = [];
  const service = createImageService({
    binDirs: options.binDirs ?? [env.standInBin],
    pathVariable: '',
    launch: registry.launch,
    store,
    emit: (_event, payload) => progress.push(payload),
    threads: () => 0,
    statfs: options.statfs ?? PLENTY,
    tempRoot,
    progressIntervalMs: 0,
  });
  const leftovers = async () =>
    [...(await readdir(store.dir).catch(() => [])), ...(await readdir(tempRoot))].filter(
      (name) => !/^[\w-]+\.(png|json)$/.test(name) || name.includes('.part'),
    );
  return { service, registry, store, progress, root, tempRoot, leftovers };
}

/** A page's request of a 64×64 picture from the stand-in's model file. */
export function request(
  prompt: string,
  extra: Partial<ImageGenerateInput> = {},
): ImageGenerateInput & { source: 'page' } {
  return {
    jobId: `job-${++env.jobs}`,
    template: 'default',
    files: { model: env.modelPath },
    params: { prompt, negativePrompt: '', width: 64, height: 64, steps: 5, cfg: 7, sampler: 'euler_a' },
    source: 'page',
    ...extra,
  };
}

/** Waits for `condition`, polling. */
export async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
