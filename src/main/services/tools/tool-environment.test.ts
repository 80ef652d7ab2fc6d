import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeEnvironment, workspaceOverview } from './tool-environment';
import { makeTempWorkspace, type TempWorkspace } from '@test-support/tools/temp-workspace';

let t: TempWorkspace;
beforeEach(async () => {
  t = await makeTempWorkspace();
});
afterEach(() => t.cleanup());

describe('tool environment', () => {
  it('names the OS, the shell and the workspace', () => {
    const env = describeEnvironment('/w', { platform: 'linux', release: '6.8.0', arch: 'x64', env: {}, exists: () => true, now: new Date('2025-11-23T10:00:00Z') });
    expect(env).toMatchObject({ os: 'Linux 6.8.0 (x64)', shell: 'bash', workspaceDir: '/w' });
    expect(env.date).toMatch(/^2025-11-2\d \d\d:\d\d [+-]\d\d:\d\d$/);
    expect(describeEnvironment('C:\\w', { platform: 'win32', release: '10.0', arch: 'x64', env: {}, exists: () => false, now: new Date() }).shell).toBe('cmd.exe');
  });

  it('gives a two-level overview of the workspace, capped', async () => {
    await mkdir(join(t.workspace, 'src/deep/deeper'), { recursive: true });
    await mkdir(join(t.workspace, 'node_modules/x'), { recursive: true });
    await writeFile(join(t.workspace, 'src/deep/deeper/hidden.ts'), '');
    await writeFile(join(t.workspace, 'src/index.ts'), '');
    await writeFile(join(t.workspace, 'README.md'), '');
    await writeFile(join(t.workspace, '.env'), '');
    expect(await workspaceOverview(t.workspace)).toBe('README.md\nsrc/\n  deep/\n  index.ts');
    expect(await workspaceOverview(t.workspace, 2)).toBe('README.md\nsrc/\n… 2 more');
    expect(await workspaceOverview(join(t.workspace, 'src/deep/deeper/..', 'deeper'))).toBe('hidden.ts');
  });
});
