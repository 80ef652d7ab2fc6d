import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSdCli, sdCliCandidates, SD_CLI_BINARY } from './find-sd-cli';
import { parseSdVersion } from './sd-cli-version';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-find-sd-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function executable(path: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, '#!/bin/sh\n');
  await chmod(path, 0o755);
}

describe('findSdCli', () => {
  it('looks in bin/<backend>/ (GPU builds first), then on PATH', () => {
    const candidates = sdCliCandidates(['/app/bin'], ['/usr/local/bin', '', '/opt/sd'].join(delimiter));
    expect(candidates.map((c) => `${c.where}:${c.path}`)).toEqual([
      `bin:${join('/app/bin', 'cuda', SD_CLI_BINARY)}`,
      `bin:${join('/app/bin', 'vulkan', SD_CLI_BINARY)}`,
      `bin:${join('/app/bin', 'opencl', SD_CLI_BINARY)}`,
      `bin:${join('/app/bin', 'cpu', SD_CLI_BINARY)}`,
      `path:${join('/usr/local/bin', SD_CLI_BINARY)}`,
      `path:${join('/opt/sd', SD_CLI_BINARY)}`,
    ]);
  });

  it('finds one on PATH when EVA built none, and prefers EVA’s own build', async () => {
    const onPath = join(dir, 'path-dir');
    await executable(join(onPath, SD_CLI_BINARY));
    expect(await findSdCli([join(dir, 'empty-bin')], onPath)).toEqual({
      path: join(onPath, SD_CLI_BINARY),
      where: 'path',
    });
    await executable(join(dir, 'bin', 'cpu', SD_CLI_BINARY));
    expect(await findSdCli([join(dir, 'bin')], onPath)).toEqual({
      path: join(dir, 'bin', 'cpu', SD_CLI_BINARY),
      where: 'bin',
    });
    expect(await findSdCli([join(dir, 'empty-bin')], '')).toBeNull();
  });
});

describe('parseSdVersion', () => {
  it('reads what `sd-cli --version` prints, leaving out what it does not know', () => {
    expect(parseSdVersion('stable-diffusion.cpp version master-520-97d2990, commit 97d2990\n')).toBe(
      'master-520-97d2990',
    );
    expect(parseSdVersion('stable-diffusion.cpp version v1.2, commit abc1234\n')).toBe('v1.2 (abc1234)');
    expect(parseSdVersion('stable-diffusion.cpp version unknown, commit 97d2990\n')).toBe('97d2990');
    expect(parseSdVersion('stable-diffusion.cpp version unknown, commit unknown\n')).toBe('unknown');
    expect(parseSdVersion('usage: sd-cli [options]')).toBeNull();
  });
});
