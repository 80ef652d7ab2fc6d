// The Hugging Face → GGUF conversion for real: llama.cpp's convert_hf_to_gguf.py
// in the Python environment the app sets up (provisioned in .cache/convert-venv
// through the same code), on the tiny generated Hugging Face folder; the result
// quantized by the real llama-quantize and answered from by a real llama-server;
// every refusal in words, with nothing left half-written, and Cancel.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkshopLog } from '@shared/workshop/convert-types';
import type { WorkshopProgress } from '@shared/workshop/workshop-types';
import { startTestServer } from '@test-support/llama/test-server';
import { CONVERT_SETUP_TIMEOUT_MS, requireConvertAssets } from '@test-support/workshop/convert-assets';
import type { ConvertTestPaths } from '@scripts/fixtures/convert-test-assets';
import { readGgufHeader } from '../../backend/gguf/gguf-reader';
import { memoryLifecycle } from '../../process/process-lifecycle';
import { createWorkshopService, type WorkshopServiceDeps } from '../workshop-service';
import { runConvertJob } from './convert-job';
import { findPython } from './find-python';
import { envPython } from './python-env';
import { pythonCandidates } from './python-version';
import { appFailureOf } from '@test-support/app-failure';

let assets: ConvertTestPaths;
let dir = '';
let jobs = 0;

beforeAll(async () => {
  assets = await requireConvertAssets();
  dir = await mkdtemp(join(tmpdir(), 'eva-convert-test-'));
}, CONVERT_SETUP_TIMEOUT_MS);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function workshop(extra: Partial<WorkshopServiceDeps> = {}) {
  const registry = memoryLifecycle();
  const progress: WorkshopProgress[] = [];
  const logs: WorkshopLog[] = [];
  // Every event, unpaced: the reader's granularity is what is checked here.
  const svc = createWorkshopService({
    binDirs: [assets.binDir],
    launch: registry.launch,
    emit: (_event, payload) => progress.push(payload),
    emitLog: (log) => logs.push(log),
    pythonEnvDir: assets.envDir,
    progressIntervalMs: 0,
    ...extra,
  });
  return { svc, registry, progress, logs, lines: () => logs.flatMap((log) => log.lines) };
}

const jobId = () => `convert-${++jobs}`;
const request = (
  folderPath: string,
  outputPath: string,
  extra: { outType?: 'f32' | 'f16' | 'bf16' | 'q8_0'; overwrite?: boolean } = {},
) => ({
  jobId: jobId(),
  folderPath,
  outputPath,
  outType: extra.outType ?? 'f16',
  overwrite: extra.overwrite ?? false,
});

/** A copy of the tiny folder, spoiled by `spoil`. */
async function spoiledFolder(name: string, spoil: (folder: string) => Promise<void>): Promise<string> {
  const folder = join(dir, name);
  await cp(assets.hfModel, folder, { recursive: true });
  await spoil(folder);
  return folder;
}

/** The script run directly, past the folder check: what it says itself about a spoiled folder. */
async function runScript(folderPath: string, outputPath: string) {
  const registry = memoryLifecycle();
  const lines: string[] = [];
  const error = await appFailureOf(
    runConvertJob(
      {
        jobId: jobId(),
        folderPath,
        outputPath,
        outType: 'f16',
        scriptPath: assets.script,
        python: envPython(assets.envDir),
        signal: new AbortController().signal,
      },
      { launch: registry.launch, onProgress: () => {}, onLine: (line) => lines.push(line) },
    ),
  );
  return { error, lines };
}

const leftovers = async (outputPath: string) =>
  (await readdir(dirname(outputPath))).filter((name) => name.startsWith(outputPath.split('/').pop()!));

describe('converting for real', () => {
  it('checks the tiny folder, converts it to f16 with progress and a log, and the result quantizes and llama-server answers from both', async () => {
    const { svc, progress, lines } = workshop();
    const plan = await svc.convertPlan(assets.hfModel);
    expect(plan.folder).toMatchObject({
      name: 'tiny-hf-llama',
      architecture: 'LlamaForCausalLM',
      supported: true,
      problems: [],
    });
    expect(plan.folder.weights).toMatchObject({
      files: ['model.safetensors'],
      format: 'safetensors',
      parameters: 210_240,
    });
    expect(plan.folder.tokenizer).toContain('tokenizer.model');
    expect(plan.python).toMatchObject({ ready: true, dir: assets.envDir });
    expect(plan.python.torch).toMatch(/^2\./);
    expect(plan.tools.script).toBe(assets.script);
    expect(plan.options.find((o) => o.type === 'f16')?.suggestedPath).toBe(
      join(dirname(assets.hfModel), 'tiny-hf-llama-F16.gguf'),
    );

    const outputPath = join(dir, 'tiny-F16.gguf');
    const started = performance.now();
    const result = await svc.convert(request(assets.hfModel, outputPath));
    const ms = performance.now() - started;
    expect(result).toMatchObject({
      outputPath,
      outType: 'f16',
      fileType: 'F16',
      tensors: 21,
      architecture: 'LlamaForCausalLM',
      setupMs: null,
    });
    expect(result.bytes).toBe((await stat(outputPath)).size);
    expect(await leftovers(outputPath)).toEqual(['tiny-F16.gguf']);
    const header = await readGgufHeader(outputPath, { tensors: true });
    expect(header.tensorCount).toBe(21);
    expect(header.metadata.get('general.architecture')).toBe('llama');
    expect(header.metadata.get('general.file_type')).toBe(1);
    const estimate = plan.options.find((o) => o.type === 'f16')!.estimatedBytes!;
    expect(
      Math.abs(estimate - result.bytes) / result.bytes,
      `estimated ${estimate}, wrote ${result.bytes}`,
    ).toBeLessThan(0.1);

    // One event per tensor planned, then the writing in bytes to its end.
    const tensors = progress.filter((p) => p.phase === 'convert');
    expect(tensors.map((p) => p.done)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(tensors.map((p) => p.tensor)).toContain('blk.1.ffn_down.weight');
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ jobId: result.jobId, phase: 'write' });
    expect(last.done).toBe(last.total);
    expect(last.total).toBeGreaterThan(400_000);
    expect(lines().some((line) => /Model successfully exported/.test(line))).toBe(true);
    console.log(`[convert] tiny f16 conversion took ${Math.round(ms)} ms`);

    const quantized = await svc.quantize({
      jobId: jobId(),
      modelPath: outputPath,
      type: 'Q8_0',
      outputPath: join(dir, 'tiny-Q8_0.gguf'),
      overwrite: false,
      allowRequantize: false,
    });
    expect(quantized.tensors).toBe(21);
    for (const modelPath of [outputPath, quantized.outputPath]) {
      // --no-repack: this llama.cpp's AMX matmul crashes on Q8_0 weights on the Xeons these tests run on (see the
      // quantize tests).
      const server = await startTestServer({ modelPath, extraArgs: ['--no-repack'] });
      try {
        const response = await fetch(`${server.baseUrl}/completion`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'kalo mi', n_predict: 8 }),
        });
        expect(response.status, modelPath).toBe(200);
        expect(typeof ((await response.json()) as { content?: unknown }).content).toBe('string');
      } finally {
        await server.stop();
      }
    }
  }, 120_000);

  it('writes q8_0 and bf16 as asked', async () => {
    const { svc } = workshop();
    for (const [outType, fileType] of [
      ['q8_0', 7],
      ['bf16', 32],
    ] as const) {
      const outputPath = join(dir, `tiny-${outType}.gguf`);
      const result = await svc.convert(request(assets.hfModel, outputPath, { outType }));
      expect(result.fileType).toBe(outType.toUpperCase());
      expect((await readGgufHeader(outputPath)).metadata.get('general.file_type')).toBe(fileType);
    }
  }, 60_000);

  it('cancels mid-write at once: Python is killed and no partial file is left', async () => {
    const { svc, registry, progress } = workshop();
    const outputPath = join(dir, 'medium-Q8_0.gguf');
    const job = request(assets.mediumHfModel, outputPath, { outType: 'q8_0' });
    const running = svc.convert(job);
    for (
      const deadline = Date.now() + 60_000;
      !(progress.some((p) => p.phase === 'write') && existsSync(`${outputPath}.part`));
    ) {
      if (Date.now() > deadline) throw new Error('the script did not start writing within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // One job at a time, whatever its kind.
    expect(
      (
        await appFailureOf(
          svc.quantize({
            jobId: jobId(),
            modelPath: outputPath,
            type: 'Q4_0',
            outputPath: join(dir, 'x.gguf'),
            overwrite: false,
            allowRequantize: false,
          }),
        )
      ).details?.reason,
    ).toBe('busy');
    expect(svc.cancel(job.jobId)).toEqual({ cancelled: true });
    const error = await appFailureOf(running);
    expect(error.details?.reason).toBe('cancelled');
    expect(await leftovers(outputPath)).toEqual([]);
    expect(registry.pids()).toEqual([]);
  }, 90_000);
});

describe('bad input, in words, with nothing left half-written', () => {
  it("refuses an unknown architecture before starting; the script's own refusal reads the same", async () => {
    const folder = await spoiledFolder('unknown-arch', async (at) => {
      const config = JSON.parse(await readFile(join(at, 'config.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(join(at, 'config.json'), JSON.stringify({ ...config, architectures: ['FooBarForCausalLM'] }));
    });
    const { svc } = workshop();
    const plan = await svc.convertPlan(folder);
    expect(plan.folder).toMatchObject({
      architecture: 'FooBarForCausalLM',
      supported: false,
      problems: [{ reason: 'architecture_unsupported', file: 'config.json' }],
    });
    const outputPath = join(dir, 'unknown.gguf');
    const refused = await appFailureOf(svc.convert(request(folder, outputPath)));
    expect({
      code: refused.code,
      reason: refused.details?.reason,
      architecture: refused.details?.architecture,
    }).toEqual({ code: 'bad_request', reason: 'architecture_unsupported', architecture: 'FooBarForCausalLM' });
    const script = await runScript(folder, outputPath);
    expect(script.error.details?.reason).toBe('architecture_unsupported');
    expect(script.error.message).toMatch(/Model FooBarForCausalLM is not supported/);
    expect(await leftovers(outputPath)).toEqual([]);
  }, 60_000);

  it('refuses a folder without weights; the script would write a GGUF without tensors, which is removed', async () => {
    const folder = await spoiledFolder('no-weights', (at) => rm(join(at, 'model.safetensors')));
    const { svc } = workshop();
    expect((await svc.convertPlan(folder)).folder.problems).toEqual([{ reason: 'weights_missing', file: null }]);
    const outputPath = join(dir, 'no-weights.gguf');
    expect((await appFailureOf(svc.convert(request(folder, outputPath)))).details?.reason).toBe('weights_missing');
    // The script itself exits 0 here, with a GGUF of no tensors: the job reads it back and removes it.
    const script = await runScript(folder, outputPath);
    expect({ code: script.error.code, reason: script.error.details?.reason }).toEqual({
      code: 'bad_request',
      reason: 'no_tensors',
    });
    expect(script.lines.some((line) => /n_tensors = 0/.test(line))).toBe(true);
    expect(await leftovers(outputPath)).toEqual([]);
  }, 60_000);

  it("refuses truncated weights (a cut-off download); the script's mmap failure leaves no partial file either", async () => {
    const folder = await spoiledFolder('truncated', (at) => truncate(join(at, 'model.safetensors'), 400_000));
    const { svc } = workshop();
    const plan = await svc.convertPlan(folder);
    expect(plan.folder.problems).toEqual([{ reason: 'weights_truncated', file: 'model.safetensors' }]);
    const outputPath = join(dir, 'truncated.gguf');
    const refused = await appFailureOf(svc.convert(request(folder, outputPath)));
    expect({ code: refused.code, reason: refused.details?.reason }).toEqual({
      code: 'model_invalid',
      reason: 'weights_truncated',
    });
    const script = await runScript(folder, outputPath);
    expect(script.error.details?.reason).toBe('weights_truncated');
    expect(script.error.message).toMatch(/mmap length is greater than file size/);
    expect(await leftovers(outputPath)).toEqual([]);
  }, 60_000);

  it('refuses a folder with no config or tokenizer, an existing output unless told, a folder that is not there, a full disk and a missing script', async () => {
    const { svc } = workshop();
    const empty = join(dir, 'empty-folder');
    await mkdir(empty);
    expect((await svc.convertPlan(empty)).folder.problems.map((p) => p.reason)).toEqual([
      'config_missing',
      'weights_missing',
      'tokenizer_missing',
    ]);
    const noTokenizer = await spoiledFolder('no-tokenizer', (at) => rm(join(at, 'tokenizer.model')));
    expect((await appFailureOf(svc.convert(request(noTokenizer, join(dir, 'no-tok.gguf'))))).details?.reason).toBe(
      'tokenizer_missing',
    );
    expect((await appFailureOf(svc.convert(request(join(dir, 'nowhere'), join(dir, 'nowhere.gguf'))))).code).toBe(
      'model_missing',
    );

    const existing = join(dir, 'existing.gguf');
    await writeFile(existing, 'keep me');
    expect((await appFailureOf(svc.convert(request(assets.hfModel, existing)))).details?.reason).toBe('output_exists');
    expect(await readFile(existing, 'utf8')).toBe('keep me');
    expect(
      (await appFailureOf(svc.convert(request(assets.hfModel, join(dir, 'no-such-folder', 'x.gguf'))))).details?.reason,
    ).toBe('write_failed');
    // An output that cannot be looked at is that failure, not a free name (a link to itself: ELOOP, even for root).
    const looping = join(dir, 'looping.gguf');
    await symlink(looping, looping);
    await expect(svc.convert(request(assets.hfModel, looping))).rejects.toMatchObject({ code: 'ELOOP' });

    const full = workshop({ statfs: async () => ({ bavail: 10, bsize: 4096 }) });
    const disk = await appFailureOf(full.svc.convert(request(assets.hfModel, join(dir, 'full.gguf'))));
    expect(disk.details).toMatchObject({ reason: 'disk_full', freeBytes: 40_960 });
    expect(existsSync(join(dir, 'full.gguf'))).toBe(false);

    const bare = workshop({ binDirs: [join(dir, 'no-bin')] });
    expect((await bare.svc.convertPlan(assets.hfModel)).tools.script).toBeNull();
    const missing = await appFailureOf(bare.svc.convert(request(assets.hfModel, join(dir, 'bare.gguf'))));
    expect({ code: missing.code, reason: missing.details?.reason }).toEqual({
      code: 'backend_missing',
      reason: 'script_missing',
    });
  }, 30_000);
});

describe('the Python environment', () => {
  it('is set up again after a conversion finds a package missing from it', async () => {
    // An environment whose record says ready but whose Python lacks torch (a stand-in that answers as such a Python
    // does).
    const envDir = join(dir, 'python-env-broken');
    await mkdir(join(envDir, 'bin'), { recursive: true });
    await writeFile(
      join(envDir, 'bin', 'python'),
      '#!/bin/sh\necho "ModuleNotFoundError: No module named \'torch\'" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    await writeFile(
      join(envDir, 'eva-python-env.json'),
      JSON.stringify({ format: 1, python: '3.11.7', torch: '2.13.0+cpu', packages: [], createdAt: '' }),
    );
    const { svc } = workshop({ pythonEnvDir: envDir });
    expect((await svc.convertPlan(assets.hfModel)).python.ready).toBe(true);
    const broken = await appFailureOf(svc.convert(request(assets.hfModel, join(dir, 'broken-env.gguf'))));
    expect(broken.details?.reason).toBe('packages_broken');
    expect(broken.message).toMatch(/lacks the package torch/);
    expect((await svc.convertPlan(assets.hfModel)).python.ready).toBe(false);
  });

  it('finds a Python 3.10+, and says when there is none or only an old one', async () => {
    const { launch } = memoryLifecycle();
    const found = await findPython(launch, pythonCandidates(process.platform, process.env));
    expect(found.version[0] * 100 + found.version[1]).toBeGreaterThanOrEqual(310);
    expect(found.venv).toBe(true);
    expect(
      (await appFailureOf(findPython(launch, [{ command: 'eva-no-such-python', args: [] }]))).details?.reason,
    ).toBe('python_missing');
    // A stand-in that answers like Python 2 (its `print` cannot run the probe; it says its version on stderr).
    const old = await appFailureOf(
      findPython(launch, [{ command: 'sh', args: ['-c', 'echo "Python 2.7.18" >&2; exit 1', 'python2'] }]),
    );
    expect(old.details).toMatchObject({ reason: 'python_too_old' });
    expect(old.message).toMatch(/2\.7\.18/);
  });

  it('is set up as a job: a second job waits, Cancel stops it at once and removes the unfinished environment, a foreign folder is left alone', async () => {
    const envDir = join(dir, 'python-env');
    const { svc, registry, progress } = workshop({ pythonEnvDir: envDir });
    const setup = svc.setupPython('setup-1');
    for (
      const deadline = Date.now() + 30_000;
      !(progress.some((p) => p.step === 'create_env') && existsSync(join(envDir, 'pyvenv.cfg')));
    ) {
      if (Date.now() > deadline) throw new Error('python -m venv did not start within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(
      (await appFailureOf(svc.convert(request(assets.hfModel, join(dir, 'during-setup.gguf'))))).details?.reason,
    ).toBe('busy');
    expect(svc.cancel('setup-1')).toEqual({ cancelled: true });
    expect((await appFailureOf(setup)).details?.reason).toBe('cancelled');
    expect(existsSync(envDir)).toBe(false);
    expect(registry.pids()).toEqual([]);
    expect((await svc.convertPlan(assets.hfModel)).python).toMatchObject({ ready: false, dir: envDir, python: null });

    const full = workshop({
      pythonEnvDir: join(dir, 'python-env-full'),
      statfs: async () => ({ bavail: 1000, bsize: 4096 }),
    });
    const disk = await appFailureOf(full.svc.setupPython('setup-full'));
    expect(disk.details).toMatchObject({ reason: 'disk_full', freeBytes: 4_096_000 });
    expect(existsSync(join(dir, 'python-env-full'))).toBe(false);

    const foreign = join(dir, 'someone-elses');
    await mkdir(foreign);
    await writeFile(join(foreign, 'notes.txt'), 'mine');
    const refused = await appFailureOf(workshop({ pythonEnvDir: foreign }).svc.setupPython('setup-2'));
    expect(refused.details?.reason).toBe('packages_failed');
    expect(await readFile(join(foreign, 'notes.txt'), 'utf8')).toBe('mine');
  }, 60_000);
});
