// Safe backend updates: the real llama-server passes the smoke test; stand-ins
// for a broken build (named as such: shell scripts, since a real miscompiled
// server cannot be made on demand) fail it with their reason; and the kept
// previous set comes back with a rollback, and goes forward with another.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testAssets } from '@test-support/test-assets';
import { keepPrevious, PREVIOUS_DIR, rollBack } from './backend-generations';
import { requireSmokePass, smokeTestServer } from './smoke-test';

const dir = await mkdtemp(join(tmpdir(), 'eva-generations-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function script(name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

describe('smoke test of a new llama-server', () => {
  it('passes the real server: the test model loads and one token comes back', async () => {
    const result = await smokeTestServer(testAssets.llamaServer, testAssets.tinyModel);
    expect(result).toMatchObject({ ok: true });
  });

  it('stand-in build that dies at start: fails with how it ended and its last lines', async () => {
    const broken = await script('dies', 'echo "illegal hardware instruction" >&2; exit 132');
    const result = await smokeTestServer(broken, testAssets.tinyModel);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/stopped before it was ready: exit code 132/);
    expect(!result.ok && result.reason).toMatch(/illegal hardware instruction/);
  });

  it('stand-in build that never answers: fails at the deadline, and is stopped', async () => {
    const hung = await script('hangs', 'exec sleep 60');
    const result = await smokeTestServer(hung, testAssets.tinyModel, { timeoutMs: 1500 });
    expect(!result.ok && result.reason).toMatch(/not ready within 2 s/);
  });

  it('a failed smoke test is a smoke-failed build error that says the installed build stays', async () => {
    const broken = await script('dies-too', 'exit 1');
    await expect(
      requireSmokePass(broken, { repoRoot: testAssets.root, backend: 'cpu', log: () => {}, skip: false }),
    ).rejects.toMatchObject({ code: 'smoke-failed', message: expect.stringMatching(/keeps the build it had/) });
    // Skipped on request (a build for another machine), it installs untried.
    await expect(
      requireSmokePass(broken, { repoRoot: testAssets.root, backend: 'cpu', log: () => {}, skip: true }),
    ).resolves.toBeUndefined();
  });
});

describe('previous build and rollback', () => {
  const names = ['llama-server', 'llama-quantize'];
  const binDir = join(dir, 'bin', 'cpu');
  const install = async (version: string) => {
    await mkdir(binDir, { recursive: true });
    for (const name of names) await writeFile(join(binDir, name), `${name} ${version}`);
    await writeFile(join(binDir, 'build.json'), JSON.stringify({ version }));
  };
  const installed = async (at = binDir) => ({
    server: await readFile(join(at, 'llama-server'), 'utf8'),
    tool: await readFile(join(at, 'llama-quantize'), 'utf8'),
    record: await readFile(join(at, 'build.json'), 'utf8'),
  });

  it('keeps nothing when nothing is installed, and says there is nothing to go back to', async () => {
    expect(await keepPrevious(binDir, names)).toBe(false);
    await expect(rollBack(binDir, names)).rejects.toThrow(/no previous build/);
  });

  it('keeps the replaced set, puts it back on rollback, and a second rollback goes forward', async () => {
    await install('v1');
    expect(await keepPrevious(binDir, names)).toBe(true);
    await install('v2');
    expect(await installed(join(binDir, PREVIOUS_DIR))).toEqual({
      server: 'llama-server v1',
      tool: 'llama-quantize v1',
      record: '{"version":"v1"}',
    });

    expect(await rollBack(binDir, names)).toEqual(['llama-server', 'llama-quantize', 'build.json']);
    expect(await installed()).toEqual({
      server: 'llama-server v1',
      tool: 'llama-quantize v1',
      record: '{"version":"v1"}',
    });
    expect(await installed(join(binDir, PREVIOUS_DIR))).toMatchObject({ server: 'llama-server v2' });

    await rollBack(binDir, names);
    expect(await installed()).toMatchObject({ server: 'llama-server v2', record: '{"version":"v2"}' });
  });
});
