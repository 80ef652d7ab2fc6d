// The conversion refusing bad input for real (the real script in the app's
// Python environment, on spoiled copies of the tiny Hugging Face folder): every
// refusal in words, with nothing left half-written.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assets,
  dir,
  leftovers,
  request,
  runScript,
  spoiledFolder,
  useConvertSetup,
  workshop,
} from '@test-support/workshop/convert-setup';
import { appFailureOf } from '@test-support/app-failure';

useConvertSetup();

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
