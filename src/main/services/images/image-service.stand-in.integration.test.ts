// The image service against a stand-in sd-cli (a script that prints sd-cli's
// log and bars and writes a small PNG; a word in the prompt picks a failure):
// progress, Cancel, every failure path and "nothing half-written", fast and on
// any machine. The real sd-cli is exercised in image-service.real.integration.test.ts.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatImageOf } from '@shared/images/chat-image';
import type { ImageGenerateInput } from '@shared/images/image-contract';
import { embeddedParams, dataUrlToBytes } from '@shared/images/image-params-chunk';
import type { ImageProgress } from '@shared/images/image-types';
import { checkPng } from '@shared/images/png-chunks';
import { appFailureOf } from '@test-support/app-failure';
import { installStandInSdCli } from '@test-support/images/sd-test-assets';
import { createHistoryService } from '../history/history-service';
import type { StatFs } from '../models/disk-space';
import { memoryLifecycle } from '../process/process-lifecycle';
import { postImageToChat } from './image-chat';
import { createImageService } from './image-service';
import { openImageStore } from './image-store';
import { imageToolProvider } from './image-tool';

let dir = '';
let standInBin = '';
let modelPath = '';
let jobs = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-images-test-'));
  standInBin = await installStandInSdCli(dir);
  modelPath = join(dir, 'model.safetensors');
  await writeFile(modelPath, 'the stand-in never reads it');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PLENTY: StatFs = async () => ({ bavail: 1e9, bsize: 4096 });

async function images(options: { binDirs?: string[]; statfs?: StatFs } = {}) {
  const registry = memoryLifecycle();
  const root = await mkdtemp(join(dir, 'data-'));
  const store = openImageStore(join(root, 'images'));
  const tempRoot = await mkdtemp(join(root, 'temp-'));
  const progress: ImageProgress[] = [];
  const service = createImageService({
    binDirs: options.binDirs ?? [standInBin],
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

function request(prompt: string, extra: Partial<ImageGenerateInput> = {}): ImageGenerateInput & { source: 'page' } {
  return {
    jobId: `job-${++jobs}`,
    template: 'default',
    files: { model: modelPath },
    params: { prompt, negativePrompt: '', width: 64, height: 64, steps: 5, cfg: 7, sampler: 'euler_a' },
    source: 'page',
    ...extra,
  };
}

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
    expect(status.cli?.path).toBe(join(standInBin, 'cpu', 'sd-cli'));
  });

  it('stand-in: Cancel stops sd-cli at once and leaves no file behind', async () => {
    const { service, progress, registry, leftovers } = await images();
    const running = service.generate(
      request('stand-in:slow', { params: { ...request('').params, prompt: 'stand-in:slow', steps: 100 } }),
    );
    await until(() => progress.some((p) => p.phase === 'sampling'));
    const cancelledAt = performance.now();
    expect(service.cancel(progress[0]!.jobId)).toEqual({ cancelled: true });
    const failure = await appFailureOf(running);
    expect(performance.now() - cancelledAt).toBeLessThan(1500);
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
    expect(corrupt.message).toContain(modelPath);
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
    const none = await images({ binDirs: [join(dir, 'empty-bin')] });
    const missing = await appFailureOf(none.service.generate(request('x')));
    expect([missing.code, missing.details?.reason]).toEqual(['backend_missing', 'binary_missing']);
    expect(missing.details?.searched).toContain(join(dir, 'empty-bin', 'cpu', 'sd-cli'));
    expect((await none.service.status()).cli).toBeNull();
    const { service } = await images();
    const unset = await appFailureOf(service.generate(request('x', { template: 'flux', files: { vae: modelPath } })));
    expect(unset.details).toMatchObject({ reason: 'model_unset', roles: ['diffusionModel', 'clipL', 't5xxl'] });
    const gone = await appFailureOf(
      service.generate(request('x', { files: { model: join(dir, 'no-such.safetensors') } })),
    );
    expect([gone.code, gone.details?.reason, gone.details?.path]).toEqual([
      'model_missing',
      'model_missing',
      join(dir, 'no-such.safetensors'),
    ]);
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
    const root = await mkdtemp(join(dir, 'sweep-'));
    const store = openImageStore(root);
    await writeFile(store.partPath('abc'), 'half a picture');
    expect(await store.sweepParts()).toBe(1);
    expect(await readdir(root)).toEqual([]);
  });
});

describe('pictures into the chat and the stablediffusion tool (stand-in sd-cli)', () => {
  it('stand-in: a picture put into the chat is saved in the history as an answer with its parameters and PNG', async () => {
    const { service, root } = await images();
    const image = await service.generate(request('a red kite over hills'));
    const history = createHistoryService({ historyDir: join(root, 'history'), emit: () => {}, changeDelayMs: 0 });
    try {
      const placed = await postImageToChat(history, image, { conversationId: null, parentId: null });
      const opened = await history.open(placed.conversationId);
      const message = opened.messages.find((m) => m.id === placed.messageId)!;
      expect(message.role).toBe('assistant');
      expect(message.content).toContain('a red kite over hills');
      expect(chatImageOf(message.extra)).toEqual({ record: image.record, dataUrl: image.dataUrl });
      // A second picture follows the first in the same conversation.
      const again = await postImageToChat(history, image, {
        conversationId: placed.conversationId,
        parentId: placed.messageId,
      });
      expect((await history.open(placed.conversationId)).activePath).toEqual([placed.messageId, again.messageId]);
      expect((await history.search('red kite')).hits.length).toBeGreaterThan(0);
    } finally {
      await history.dispose();
    }
  });

  it('stand-in: the tool is offered once sd-cli and the template’s files are there, and returns the picture and a short text', async () => {
    const { service } = await images();
    let files: Record<string, string> = {};
    const provider = imageToolProvider({
      service,
      settings: () => ({
        template: 'default',
        files: { default: files, 'sd1.5': {}, sdxl: {}, flux: {} },
        threads: 0,
        toolBudget: 0,
      }),
      cliFound: () => true,
      newJobId: () => `tool-${++jobs}`,
    });
    expect(provider.descriptors()).toEqual([]);
    files = { model: modelPath };
    expect(provider.descriptors().map((d) => d.name)).toEqual(['stablediffusion']);
    const progress: unknown[] = [];
    const result = await provider.run({
      name: 'stablediffusion',
      args: { prompt: 'a teapot', width: 64, height: 64, steps: 2, seed: 5 },
      workspaceDir: dir,
      onProgress: (update) => progress.push(update),
    });
    expect(result.status).toBe('ok');
    expect(progress).toContainEqual({ progress: 2, total: 2, message: 'sampling' });
    expect(result.output).toMatch(/64×64, seed 5/);
    expect(result.content?.[0]).toMatchObject({ kind: 'image', mimeType: 'image/png' });
    expect(result.details?.image).toMatchObject({ source: 'tool', params: { prompt: 'a teapot', seed: 5 } });
    const failed = await provider.run({
      name: 'stablediffusion',
      args: { prompt: 'stand-in:oom', width: 64, height: 64 },
      workspaceDir: dir,
    });
    expect(failed.status).toBe('error');
    expect(failed.error?.message).toMatch(/ran out of memory/);
  });

  it('stand-in: a call is allowed ahead only within the user’s budget, and the card is told the size and steps it will draw', async () => {
    const { service } = await images();
    let toolBudget = 0;
    const provider = imageToolProvider({
      service,
      settings: () => ({
        template: 'default',
        files: { default: { model: modelPath }, 'sd1.5': {}, sdxl: {}, flux: {} },
        threads: 0,
        toolBudget,
      }),
      cliFound: () => true,
      newJobId: () => `tool-${++jobs}`,
    });
    const huge = { name: 'stablediffusion', args: { prompt: 'x', width: 2048, height: 2048, steps: 150 } };
    // The template's 512×512 at 20 steps where the model names neither.
    const plain = { name: 'stablediffusion', args: { prompt: 'x' } };
    expect([provider.allowedAhead(huge), provider.allowedAhead(plain)]).toEqual([false, false]);
    expect(provider.describeCall(huge)).toMatch(/^A 2048×2048 picture in 150 steps: 629\.1 megapixel-steps/);
    expect(provider.describeCall(plain)).toMatch(/^A 512×512 picture in 20 steps/);
    toolBudget = 6;
    expect([provider.allowedAhead(huge), provider.allowedAhead(plain)]).toEqual([false, true]);
  });

  it('stand-in: stopping the agent run stops the tool’s sd-cli', async () => {
    const { service, registry } = await images();
    const provider = imageToolProvider({
      service,
      settings: () => ({
        template: 'default',
        files: { default: { model: modelPath }, 'sd1.5': {}, sdxl: {}, flux: {} },
        threads: 0,
        toolBudget: 0,
      }),
      cliFound: () => true,
      newJobId: () => `tool-${++jobs}`,
    });
    const controller = new AbortController();
    const running = provider.run({
      name: 'stablediffusion',
      args: { prompt: 'stand-in:slow', steps: 100 },
      workspaceDir: dir,
      signal: controller.signal,
    });
    await until(() => registry.pids().length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    expect((await running).status).toBe('stopped');
    expect(registry.pids()).toEqual([]);
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
