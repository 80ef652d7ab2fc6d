// The image service against the real sd-cli and the tiny random-weight SD1
// model (made here, at test time). sd-cli is built only where a
// stable-diffusion.cpp source was at hand (EVA_SD_SOURCE, or the internet for
// `npm run backend:build -- --sd`): every test here needs it, runs only where
// it is there, and says so in its name; provisioning prints why they were left out.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageChannels, type ImageGenerateInput } from '@shared/images/image-contract';
import { dataUrlToBytes, embeddedParams } from '@shared/images/image-params-chunk';
import type { ImageProgress } from '@shared/images/image-types';
import { checkPng } from '@shared/images/png-chunks';
import { appFailureOf } from '@test-support/app-failure';
import { ensureTinySdModel, realSdCli, sdAssets } from '@test-support/images/sd-test-assets';
import { testAssets } from '@test-support/test-assets';
import { memoryLifecycle } from '../process/process-lifecycle';
import { createImageService } from './image-service';
import { openImageStore } from './image-store';

let dir = '';
let model = '';
let jobs = 0;

beforeAll(async () => {
  if (!realSdCli) return;
  dir = await mkdtemp(join(tmpdir(), 'eva-images-real-'));
  model = await ensureTinySdModel();
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function images(options: { binDirs?: string[]; imagesDir?: string } = {}) {
  const registry = memoryLifecycle();
  const store = openImageStore(options.imagesDir ?? (await mkdtemp(join(dir, 'images-'))));
  const progress: ImageProgress[] = [];
  const service = createImageService({
    binDirs: options.binDirs ?? [sdAssets.binDir],
    pathVariable: '',
    launch: registry.launch,
    store,
    emit: (_event, payload) => progress.push(payload),
    threads: () => 2,
    progressIntervalMs: 0,
  });
  return { service, registry, store, progress };
}

function request(
  extra: Partial<ImageGenerateInput['params']> = {},
  files: ImageGenerateInput['files'] = { model },
): ImageGenerateInput & { source: 'page' } {
  return {
    jobId: `real-${++jobs}`,
    template: 'default',
    files,
    params: {
      prompt: 'a cat',
      negativePrompt: '',
      width: 64,
      height: 64,
      steps: 1,
      cfg: 7,
      sampler: 'euler_a',
      seed: 42,
      ...extra,
    },
    source: 'page',
  };
}

describe.runIf(realSdCli)('image service with the real sd-cli (bin/cpu/sd-cli) and the tiny SD1 model', () => {
  it('real sd-cli: turns the tiny model into a 64×64 PNG, with progress for each step and the parameters inside', async () => {
    const { service, progress, store } = await images();
    const image = await service.generate(request({ steps: 2 }));
    const bytes = dataUrlToBytes(image.dataUrl);
    expect(checkPng(bytes)).toEqual({ ok: true, width: 64, height: 64 });
    expect(embeddedParams(bytes)?.params).toMatchObject({ prompt: 'a cat', seed: 42, steps: 2 });
    expect(progress.filter((p) => p.phase === 'sampling').map((p) => `${p.done}/${p.total}`)).toEqual(['1/2', '2/2']);
    expect(progress.some((p) => p.phase === 'loading')).toBe(true);
    expect(progress.some((p) => p.phase === 'decoding')).toBe(true);
    expect((await readdir(store.dir)).sort()).toEqual([`${image.record.id}.json`, `${image.record.id}.png`]);
    const status = await service.status();
    expect(status.cli?.path).toBe(sdAssets.cli);
    expect(status.cli?.version).not.toBeNull();
  }, 120_000);

  it('real sd-cli: the same seed gives the same picture, another seed another one', async () => {
    const { service } = await images();
    const a = await service.generate(request({ seed: 7 }));
    const b = await service.generate(request({ seed: 7 }));
    const c = await service.generate(request({ seed: 8 }));
    // Same seed, same parameters: the same PNG to the byte (EVA's chunk included); the seed is in the file, so compare
    // the pixels' chunk too.
    expect(b.dataUrl).toBe(a.dataUrl);
    const idat = (url: string) => Buffer.from(dataUrlToBytes(url)).toString('latin1').split('IDAT')[1];
    expect(idat(c.dataUrl)).not.toBe(idat(a.dataUrl));
  }, 120_000);

  it('real sd-cli: image to image from an attached picture', async () => {
    const { service } = await images();
    const start = await service.generate(request());
    const image = await service.generate({ ...request({ strength: 0.6, prompt: 'a dog' }), initImage: start.dataUrl });
    expect(checkPng(dataUrlToBytes(image.dataUrl)).ok).toBe(true);
    expect(image.record.fromImage).toBe(true);
  }, 120_000);

  it('real sd-cli: Cancel during sampling stops it and keeps nothing', async () => {
    const { service, progress, registry, store } = await images();
    const running = service.generate(request({ steps: 200, width: 128, height: 128 }));
    const deadline = Date.now() + 60_000;
    while (!progress.some((p) => p.phase === 'sampling') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    service.cancel(progress[0]!.jobId);
    expect((await appFailureOf(running)).details?.reason).toBe('cancelled');
    expect(registry.pids()).toEqual([]);
    expect(await readdir(store.dir)).toEqual([]);
  }, 120_000);

  it('real sd-cli: a truncated model is corrupt_model, a chat GGUF is not_sd_model, and nothing is written', async () => {
    const { service, store } = await images();
    const truncated = join(dir, 'truncated.safetensors');
    const handle = await open(model, 'r');
    const head = Buffer.alloc(50_000_000);
    await handle.read(head, 0, head.length, 0);
    await handle.close();
    await writeFile(truncated, head);
    const corrupt = await appFailureOf(service.generate(request({}, { model: truncated })));
    expect([corrupt.code, corrupt.details?.reason]).toEqual(['model_invalid', 'corrupt_model']);
    expect(corrupt.message).toContain(truncated);
    if (existsSync(testAssets.tinyModel)) {
      const notSd = await appFailureOf(service.generate(request({}, { model: testAssets.tinyModel })));
      expect(notSd.details?.reason).toBe('not_sd_model');
    }
    expect(await readdir(store.dir)).toEqual([]);
  }, 120_000);

  it('real sd-cli: a sampler this sd-cli does not know is unknown_sampler (the contract refuses one before it gets here)', async () => {
    const { source: _source, ...input } = request();
    const schema = imageChannels['image:generate'].input;
    expect(schema.safeParse(input).success).toBe(true);
    expect(schema.safeParse({ ...input, params: { ...input.params, sampler: 'bogus' } }).success).toBe(false);
    const { service, store } = await images();
    const failure = await appFailureOf(service.generate(request({ sampler: 'bogus' as never })));
    expect([failure.code, failure.details?.reason]).toEqual(['bad_request', 'unknown_sampler']);
    expect(await readdir(store.dir)).toEqual([]);
  }, 120_000);

  it.runIf(hasPrlimit())(
    'real sd-cli under a 700 MB address-space cap (prlimit): out_of_memory, nothing written',
    async () => {
      // A wrapper standing where sd-cli is looked for, running the real one with too little memory.
      const binDir = join(dir, 'capped-bin');
      await mkdir(join(binDir, 'cpu'), { recursive: true });
      const wrapper = join(binDir, 'cpu', 'sd-cli');
      await writeFile(wrapper, `#!/bin/sh\nexec prlimit --as=700000000 "${sdAssets.cli}" "$@"\n`);
      await chmod(wrapper, 0o755);
      const { service, store } = await images({ binDirs: [binDir] });
      const failure = await appFailureOf(service.generate(request()));
      expect([failure.code, failure.details?.reason]).toEqual(['out_of_memory', 'out_of_memory']);
      expect(failure.message).toMatch(/insufficient memory|ran out of memory/);
      expect(await readdir(store.dir)).toEqual([]);
    },
    120_000,
  );

  it.runIf(canMountTmpfs())(
    'real sd-cli writing into a full file system (a 12 KB tmpfs): disk_full, nothing left',
    async () => {
      const mountPoint = await mkdtemp(join(dir, 'full-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12k', 'tmpfs', mountPoint]);
      try {
        // The job's own free-space check (which would refuse at once) is told "plenty", so that sd-cli runs and meets
        // the full disk itself.
        const registry = memoryLifecycle();
        const store = openImageStore(mountPoint);
        let calls = 0;
        const service = createImageService({
          binDirs: [sdAssets.binDir],
          pathVariable: '',
          launch: registry.launch,
          store,
          emit: () => {},
          threads: () => 2,
          statfs: async (path) =>
            calls++ === 0 ? { bavail: 1e9, bsize: 4096 } : (await import('node:fs/promises')).statfs(path),
        });
        const failure = await appFailureOf(service.generate(request()));
        expect([failure.code, failure.details?.reason]).toEqual(['disk_full', 'disk_full']);
        expect(await readdir(mountPoint)).toEqual([]);
      } finally {
        execFileSync('umount', [mountPoint]);
      }
    },
    120_000,
  );
});

function hasPrlimit(): boolean {
  try {
    execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// A real full disk needs a file system to fill: a tmpfs, which only root on Linux may mount.
function canMountTmpfs(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/proc/filesystems');
}
