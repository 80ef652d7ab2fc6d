// The Python environment of the conversion for real: set up again when a
// package is missing, a Python 3.10+ found, and its setup run as a job.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assets, dir, request, useConvertSetup, workshop } from '@test-support/workshop/convert-setup';
import { memoryLifecycle } from '../../process/process-lifecycle';
import { findPython } from './find-python';
import { pythonCandidates } from './python-version';
import { appFailureOf } from '@test-support/app-failure';

useConvertSetup();

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
