// The workshop against the real llama-quantize and llama-imatrix (built with the
// backend) on the random-weight test models: real files, real progress, a real
// llama-server loading the results, and every failure path the tools know.
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuantTypeName } from '@shared/workshop/quant-types';
import type { WorkshopProgress } from '@shared/workshop/workshop-types';
import { startTestServer } from '@test-support/llama/test-server';
import { calibrationText, requireWorkshopAssets, workshopAssets } from '@test-support/workshop/workshop-assets';
import { readGgufHeader } from '../backend/gguf/gguf-reader';
import { memoryLifecycle } from '../process/process-lifecycle';
import { createWorkshopService } from './workshop-service';
import { appFailureOf } from '@test-support/app-failure';

let dir = '';
let jobs = 0;

beforeAll(async () => {
  requireWorkshopAssets();
  dir = await mkdtemp(join(tmpdir(), 'eva-workshop-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function workshop() {
  const registry = memoryLifecycle();
  const tempRoot = await mkdtemp(join(dir, 'temp-'));
  const progress: WorkshopProgress[] = [];
  // Every event, unpaced: the reader's granularity is what is checked here (progress-pacer.test.ts checks the pacing).
  const svc = createWorkshopService({
    binDirs: [workshopAssets.binDir],
    launch: registry.launch,
    emit: (_event, payload) => progress.push(payload),
    pythonEnvDir: join(dir, 'no-python-env'),
    tempRoot,
    progressIntervalMs: 0,
  });
  return { svc, registry, progress, tempRoot };
}

function request(
  type: QuantTypeName,
  outputPath: string,
  extra: { modelPath?: string; overwrite?: boolean; allowRequantize?: boolean; calibrationText?: string } = {},
) {
  return {
    jobId: `job-${++jobs}`,
    modelPath: workshopAssets.tinyModel,
    type,
    outputPath,
    overwrite: false,
    allowRequantize: false,
    ...extra,
  };
}

async function completion(baseUrl: string): Promise<{ status: number; content: unknown }> {
  const response = await fetch(`${baseUrl}/completion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'Hello', n_predict: 8 }),
  });
  const body = (await response.json()) as { content?: unknown };
  return { status: response.status, content: body.content };
}

describe('workshop: quantizing for real', () => {
  it('quantizes the F16 tiny model to Q8_0 and Q4_0 with progress per tensor, as estimated, and llama-server loads and answers with each', async () => {
    const { svc, progress } = await workshop();
    const plan = await svc.plan(workshopAssets.tinyModel);
    expect(plan.model).toMatchObject({ fileType: 'F16', quantized: false, name: 'tiny-llama-test' });
    expect(plan.tools.quantize).toBe(workshopAssets.quantize);
    expect(plan.options.find((o) => o.type === 'Q4_K_M')?.suggestedPath).toBe(
      workshopAssets.tinyModel.replace(/\.gguf$/, '-Q4_K_M.gguf'),
    );
    for (const [type, ftype] of [
      ['Q8_0', 7],
      ['Q4_0', 2],
    ] as const) {
      const outputPath = join(dir, `tiny-${type}.gguf`);
      progress.length = 0;
      const result = await svc.quantize(request(type, outputPath));
      expect(result).toMatchObject({ outputPath, type, tensors: 21, imatrixMs: null });
      expect(result.bytes).toBe((await stat(outputPath)).size);
      expect(existsSync(`${outputPath}.part`)).toBe(false);
      const estimate = plan.options.find((o) => o.type === type)!.estimatedBytes;
      expect(
        Math.abs(estimate - result.bytes) / result.bytes,
        `${type}: estimated ${estimate}, wrote ${result.bytes}`,
      ).toBeLessThan(0.005);
      // Every tensor reported, in order, ending at 21 of 21.
      const finished = progress.filter((p) => p.phase === 'quantize').map((p) => p.done);
      expect(finished).toEqual([...finished].sort((a, b) => a - b));
      expect(new Set(finished).size).toBeGreaterThanOrEqual(21);
      expect(progress.at(-1)).toMatchObject({ jobId: result.jobId, phase: 'quantize', done: 21, total: 21 });
      expect((await readGgufHeader(outputPath)).metadata.get('general.file_type')).toBe(ftype);

      // --no-repack: on CPUs with AMX (the Xeons these tests run on) this llama.cpp's AMX matmul crashes
      // (SIGSEGV in ggml_backend_amx_mul_mat) on Q4_0/Q8_0/K-quant weights, whichever tool wrote them.
      const server = await startTestServer({ modelPath: outputPath, extraArgs: ['--no-repack'] });
      try {
        const answer = await completion(server.baseUrl);
        expect(answer.status).toBe(200);
        expect(typeof answer.content).toBe('string');
      } finally {
        await server.stop();
      }
    }
  });

  it('computes an importance matrix from a calibration text first, then quantizes with it, and cleans up its temp files', async () => {
    const { svc, progress, tempRoot } = await workshop();
    const outputPath = join(dir, 'tiny-imatrix-Q4_K_M.gguf');
    const result = await svc.quantize(request('Q4_K_M', outputPath, { calibrationText: calibrationText(3000) }));
    expect(result.imatrixMs).toBeGreaterThan(0);
    const chunks = progress.filter((p) => p.phase === 'imatrix');
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.at(-1)!.done).toBe(chunks.at(-1)!.total);
    expect(chunks.at(-1)!.total).toBeGreaterThan(0);
    // The matrix comes before the first tensor.
    expect(progress.findIndex((p) => p.phase === 'quantize')).toBeGreaterThan(progress.lastIndexOf(chunks.at(-1)!));
    expect((await readGgufHeader(outputPath)).metadata.get('general.file_type')).toBe(15);
    expect(await readdir(tempRoot)).toEqual([]);
  });

  it('cancels mid-run at once: the tool is killed and no partial file is left, under either name', async () => {
    const { svc, registry, progress } = await workshop();
    const outputPath = join(dir, 'medium-Q4_K_M.gguf');
    const job = request('Q4_K_M', outputPath, { modelPath: workshopAssets.mediumModel });
    const running = svc.quantize(job);
    let partialSeen = false;
    for (const deadline = Date.now() + 20_000; !progress.some((p) => p.phase === 'quantize');) {
      if (Date.now() > deadline) throw new Error('llama-quantize reported no tensor within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    partialSeen = existsSync(`${outputPath}.part`);
    // One job at a time.
    expect((await appFailureOf(svc.quantize(request('Q8_0', join(dir, 'other.gguf'))))).details?.reason).toBe('busy');
    expect(svc.cancel(job.jobId)).toEqual({ cancelled: true });
    const error = await appFailureOf(running);
    expect(error.details?.reason).toBe('cancelled');
    expect(partialSeen).toBe(true);
    expect(existsSync(`${outputPath}.part`)).toBe(false);
    expect(existsSync(outputPath)).toBe(false);
    expect(registry.pids()).toEqual([]);
    expect(svc.cancel(job.jobId)).toEqual({ cancelled: false });
  });
});

describe('workshop: bad input, in words', () => {
  it('refuses a text file and a truncated GGUF, in the plan and in a run', async () => {
    const { svc } = await workshop();
    const text = join(dir, 'notes.gguf');
    await writeFile(text, 'hello, this is not a model\n');
    const truncated = join(dir, 'truncated.gguf');
    await writeFile(truncated, (await readFile(workshopAssets.tinyModel)).subarray(0, 4_000_000));
    for (const [path, reason] of [
      [text, 'not_gguf'],
      [truncated, 'truncated'],
    ] as const) {
      const planned = await appFailureOf(svc.plan(path));
      expect(planned.code).toBe('model_invalid');
      expect(planned.details?.reason).toBe(reason);
      const outputPath = join(dir, `from-${reason}.gguf`);
      const run = await appFailureOf(svc.quantize(request('Q4_0', outputPath, { modelPath: path })));
      expect({ code: run.code, reason: run.details?.reason }).toEqual({ code: 'model_invalid', reason });
      expect(existsSync(outputPath) || existsSync(`${outputPath}.part`)).toBe(false);
    }
  });

  it('requantizes only when asked, and leaves no partial output when refused', async () => {
    const { svc } = await workshop();
    const q4 = join(dir, 'requant-source-Q4_0.gguf');
    await svc.quantize(request('Q4_0', q4));
    const plan = await svc.plan(q4);
    expect(plan.model).toMatchObject({ fileType: 'Q4_0', quantized: true });
    const outputPath = join(dir, 'requant-Q8_0.gguf');
    const refused = await appFailureOf(svc.quantize(request('Q8_0', outputPath, { modelPath: q4 })));
    expect({ code: refused.code, reason: refused.details?.reason }).toEqual({
      code: 'bad_request',
      reason: 'requantize_disabled',
    });
    expect(refused.message).toMatch(/requantizing from type q4_0 is disabled/);
    expect(existsSync(outputPath) || existsSync(`${outputPath}.part`)).toBe(false);
    const allowed = await svc.quantize(request('Q8_0', outputPath, { modelPath: q4, allowRequantize: true }));
    expect(allowed.bytes).toBeGreaterThan(0);
  });

  it('writes over an existing file only when told to, and never over the model itself', async () => {
    const { svc } = await workshop();
    const outputPath = join(dir, 'existing.gguf');
    await writeFile(outputPath, 'keep me');
    const refused = await appFailureOf(svc.quantize(request('Q8_0', outputPath)));
    expect(refused.details?.reason).toBe('output_exists');
    expect(await readFile(outputPath, 'utf8')).toBe('keep me');
    await svc.quantize(request('Q8_0', outputPath, { overwrite: true }));
    expect((await readGgufHeader(outputPath)).metadata.get('general.file_type')).toBe(7);
    const copy = join(dir, 'self.gguf');
    await copyFile(workshopAssets.tinyModel, copy);
    expect(
      (await appFailureOf(svc.quantize(request('Q8_0', copy, { modelPath: copy, overwrite: true })))).details?.reason,
    ).toBe('same_file');
  });

  it('says an output that cannot be written could not be written (llama-quantize: iostream error)', async () => {
    const { svc } = await workshop();
    const aFile = join(dir, 'a-file');
    await writeFile(aFile, 'x');
    const outputPath = join(aFile, 'out.gguf');
    const error = await appFailureOf(svc.quantize(request('Q4_0', outputPath)));
    expect({ code: error.code, reason: error.details?.reason }).toEqual({
      code: 'backend_failed',
      reason: 'write_failed',
    });
    expect(error.message).toMatch(/iostream error/);
  });

  it('says a missing model is missing, and a missing tool is not built', async () => {
    const { svc } = await workshop();
    expect(
      (await appFailureOf(svc.quantize(request('Q4_0', join(dir, 'x.gguf'), { modelPath: join(dir, 'nope.gguf') }))))
        .details?.reason,
    ).toBe('model_missing');
    // A model that cannot be looked at is that failure, not "missing" (a link to itself: ELOOP, even for root).
    const looping = join(dir, 'looping.gguf');
    await symlink(looping, looping);
    await expect(svc.quantize(request('Q4_0', join(dir, 'z.gguf'), { modelPath: looping }))).rejects.toMatchObject({
      code: 'ELOOP',
    });
    const registry = memoryLifecycle();
    const bare = createWorkshopService({
      binDirs: [join(dir, 'no-bin')],
      launch: registry.launch,
      emit: () => {},
      pythonEnvDir: join(dir, 'no-python-env'),
    });
    const error = await appFailureOf(bare.quantize(request('Q4_0', join(dir, 'y.gguf'))));
    expect({ code: error.code, reason: error.details?.reason }).toEqual({
      code: 'backend_missing',
      reason: 'binary_missing',
    });
    expect((await bare.plan(workshopAssets.tinyModel)).tools).toEqual({ quantize: null, imatrix: null });
  });
});
