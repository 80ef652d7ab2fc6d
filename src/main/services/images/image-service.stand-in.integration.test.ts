// The image service against a stand-in sd-cli (a script that prints sd-cli's
// log and bars and writes a small PNG; a word in the prompt picks a failure):
// progress, Cancel, every failure path and "nothing half-written", fast and on
// any machine. The real sd-cli is exercised in image-service.real.integration.test.ts.
import { mkdtemp, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedParams, dataUrlToBytes } from '@shared/images/image-params-chunk';
import { checkPng } from '@shared/images/png-chunks';
import { appFailureOf } from '@test-support/app-failure';
import { env, images, request, until, useStandInSdCli } from '@test-support/images/stand-in-image-service';
import type { StatFs } from '../models/disk-space';
import { openImageStore } from './image-store';

useStandInSdCli();

describe('image service with a stand-in sd-cli', () => {
  it('stand-in: makes a picture with progress for each step, kept in the gallery with its parameters inside the PNG', async () => {
    const { service, progress, store, leftovers } = await images();
    const image = await service.generate(request('a lighthouse at dusk'));
    const bytes = dataUrlToBytes(image.dataUrl);
    expect(checkPng(bytes)).toEqual({ ok: true, width: 64, height: 64 });
    expect(embeddedParams(bytes)).toMatchObject({
      template: 'default',
      params: { prompt: 'a lighthouse at dusk', steps: 5, seed: image.record.params.seed },
      files: { model: 'model.safetensors' },
    });
    expect(image.record.params.seed).toBeGreaterThanOrEqual(0);
    expect(progress.filter((p) => p.phase === 'sampling').map((p) => p.done)).toEqual([1, 2, 3, 4, 5]);
    expect(progress.map((p) => p.phase)).toEqual(
      expect.arrayContaining(['starting', 'loading', 'sampling', 'decoding', 'saving']),
    );
    expect((await service.list()).map((record) => record.id)).toEqual([image.record.id]);
    expect((await service.read(image.record.id)).dataUrl).toBe(image.dataUrl);
    expect(await readdir(store.dir)).toEqual([`${image.record.id}.json`, `${image.record.id}.png`].sort());
    expect(await leftovers()).toEqual([]);
  });

  it('stand-in: a given seed is used as it is, and reported by sd-cli status with the stand-in’s version', async () => {
    const { service } = await images();
    const image = await service.generate(
      request('seeded', { params: { ...request('').params, prompt: 'seeded', seed: 1234 } }),
    );
    expect(image.record.params.seed).toBe(1234);
    const status = await service.status();
    expect(status.cli).toMatchObject({ where: 'bin', version: 'stand-in-1 (0000000)' });
    expect(status.cli?.path).toBe(join(env.standInBin, 'cpu', 'sd-cli'));
  });

  it('stand-in: Cancel stops sd-cli at once and leaves no file behind', async () => {
    const { service, progress, registry, leftovers } = await images();
    const running = service.generate(
      request('stand-in:slow', { params: { ...request('').params, prompt: 'stand-in:slow', steps: 100 } }),
    );
    await until(() => progress.some((p) => p.phase === 'sampling'));
    expect(service.cancel(progress[0]!.jobId)).toEqual({ cancelled: true });
    const failure = await appFailureOf(running);
    expect(failure.details?.reason).toBe('cancelled');
    expect(registry.pids()).toEqual([]);
    expect(await leftovers()).toEqual([]);
    expect(await service.list()).toEqual([]);
  });

  it('stand-in: one picture at a time', async () => {
    const { service, progress } = await images();
    const first = service.generate(request('stand-in:slow'));
    await until(() => progress.length > 0);
    expect((await appFailureOf(service.generate(request('second')))).details?.reason).toBe('busy');
    service.cancel(progress[0]!.jobId);
    await first.catch(() => undefined);
  });

  it('stand-in: out of memory, a corrupt model and a file that is no SD model each get their reason, and nothing is kept', async () => {
    const { service, leftovers } = await images();
    const oom = await appFailureOf(service.generate(request('stand-in:oom')));
    expect([oom.code, oom.details?.reason]).toEqual(['out_of_memory', 'out_of_memory']);
    const corrupt = await appFailureOf(service.generate(request('stand-in:corrupt')));
    expect([corrupt.code, corrupt.details?.reason]).toEqual(['model_invalid', 'corrupt_model']);
    expect(corrupt.message).toContain(env.modelPath);
    expect((await appFailureOf(service.generate(request('stand-in:not-sd')))).details?.reason).toBe('not_sd_model');
    expect((await appFailureOf(service.generate(request('stand-in:sigkill')))).details?.reason).toBe('out_of_memory');
    expect((await appFailureOf(service.generate(request('stand-in:no-output')))).details?.reason).toBe('write_failed');
    expect(await service.list()).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it('stand-in: a torn PNG with exit 0 (sd-cli on a full disk) is disk_full when the disk is full, write_failed when not; nothing kept', async () => {
    let calls = 0;
    // Room when the job starts, none once sd-cli has written: the disk filled up during the run.
    const filling: StatFs = async () => ({ bavail: calls++ === 0 ? 1e9 : 0, bsize: 4096 });
    const full = await images({ statfs: filling });
    const failure = await appFailureOf(full.service.generate(request('stand-in:torn')));
    expect([failure.code, failure.details?.reason]).toEqual(['disk_full', 'disk_full']);
    expect(await full.leftovers()).toEqual([]);
    expect(await full.service.list()).toEqual([]);
    const roomy = await images();
    expect((await appFailureOf(roomy.service.generate(request('stand-in:torn')))).details?.reason).toBe('write_failed');
  });

  it('a full disk is said before sd-cli starts (no stand-in needed)', async () => {
    const { service, registry, progress } = await images({ statfs: async () => ({ bavail: 10, bsize: 4096 }) });
    const failure = await appFailureOf(service.generate(request('never runs')));
    expect(failure.details).toMatchObject({ reason: 'disk_full' });
    expect(failure.message).toMatch(/Not enough disk space/);
    expect(progress).toEqual([]);
    expect(registry.pids()).toEqual([]);
  });

  it('refuses before starting: no sd-cli anywhere, model files not chosen, a model file that is not there', async () => {
    const none = await images({ binDirs: [join(env.dir, 'empty-bin')] });
    const missing = await appFailureOf(none.service.generate(request('x')));
    expect([missing.code, missing.details?.reason]).toEqual(['backend_missing', 'binary_missing']);
    expect(missing.details?.searched).toContain(join(env.dir, 'empty-bin', 'cpu', 'sd-cli'));
    expect((await none.service.status()).cli).toBeNull();
    const { service } = await images();
    const unset = await appFailureOf(
      service.generate(request('x', { template: 'flux', files: { vae: env.modelPath } })),
    );
    expect(unset.details).toMatchObject({ reason: 'model_unset', roles: ['diffusionModel', 'clipL', 't5xxl'] });
    const gone = await appFailureOf(
      service.generate(request('x', { files: { model: join(env.dir, 'no-such.safetensors') } })),
    );
    expect([gone.code, gone.details?.reason, gone.details?.path]).toEqual([
      'model_missing',
      'model_missing',
      join(env.dir, 'no-such.safetensors'),
    ]);
    // A model file that cannot be looked at is that failure, not "not found" (a link to itself: ELOOP, even for root).
    const looping = join(env.dir, 'looping.safetensors');
    await symlink(looping, looping);
    await expect(service.generate(request('x', { files: { model: looping } }))).rejects.toMatchObject({
      code: 'ELOOP',
    });
  });

  it('stand-in: image to image hands sd-cli the attached picture and removes its temp copy afterwards', async () => {
    const { service, tempRoot } = await images();
    const first = await service.generate(request('start'));
    const second = await service.generate(
      request('from image', {
        initImage: first.dataUrl,
        params: { ...request('').params, prompt: 'from image', strength: 0.5 },
      }),
    );
    expect(second.record.fromImage).toBe(true);
    expect(second.record.params.strength).toBe(0.5);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('a part left by a crashed run is swept when the images folder is opened again', async () => {
    const root = await mkdtemp(join(env.dir, 'sweep-'));
    const store = openImageStore(root);
    await writeFile(store.partPath('abc'), 'half a picture');
    expect(await store.sweepParts()).toBe(1);
    expect(await readdir(root)).toEqual([]);
  });
});
