import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { buildToolsPrompt } from '@shared/tools/agent/tools-prompt';
import { builtinToolDescriptors } from '@shared/tools/builtin-tools';
import { describeEnvironment, workspaceOverview } from './tool-environment';
import { makeTempWorkspace, type TempWorkspace } from '@test-support/tools/temp-workspace';

let t: TempWorkspace;
beforeEach(async () => {
  t = await makeTempWorkspace();
});
afterEach(() => t.cleanup());

describe('tool environment', () => {
  it('names the OS, the shell and the workspace', () => {
    const env = describeEnvironment('/w', {
      platform: 'linux',
      release: '6.8.0',
      arch: 'x64',
      env: {},
      exists: () => true,
      now: new Date('2025-11-23T10:00:00Z'),
    });
    expect(env).toMatchObject({ os: 'Linux 6.8.0 (x64)', shell: 'bash', workspaceDir: '/w' });
    expect(env.date).toMatch(/^2025-11-2\d \(UTC[+-]\d\d:\d\d\)$/);
    expect(
      describeEnvironment('C:\\w', {
        platform: 'win32',
        release: '10.0',
        arch: 'x64',
        env: {},
        exists: () => false,
        now: new Date(),
      }).shell,
    ).toBe('cmd.exe');
  });

  it('says the day, not the time: the system prompt stays the same all day, so the server keeps reading a conversation from its cache', () => {
    const at = (iso: string) =>
      describeEnvironment('/w', {
        platform: 'linux',
        release: '6.8.0',
        arch: 'x64',
        env: {},
        exists: () => true,
        now: new Date(iso),
      });
    const prompt = (iso: string) => buildToolsPrompt(builtinToolDescriptors(), at(iso));
    expect(prompt('2025-11-23T12:00:59')).toBe(prompt('2025-11-23T12:01:00'));
    expect(prompt('2025-11-23T12:00:00')).toBe(prompt('2025-11-23T18:30:00'));
    expect(at('2025-11-24T12:00:00').date).not.toBe(at('2025-11-23T12:00:00').date);
    expect(prompt('2025-11-23T12:00:00')).toContain(`- Date: ${at('2025-11-23T12:00:00').date}`);
  });

  it('says where commands run when the user chose a sandbox, and which shell they get there', () => {
    const deps = {
      platform: 'linux' as const,
      release: '6.8.0',
      arch: 'x64',
      env: {},
      exists: () => true,
      now: new Date(),
    };
    const sandbox = defaultSettings().tools.sandbox;
    expect(describeEnvironment('/w', deps, undefined, sandbox)).not.toHaveProperty('sandbox');
    const container = describeEnvironment('/w', deps, undefined, { ...sandbox, mode: 'container' });
    expect(container.shell).toBe('sh (/bin/sh in the container)');
    expect(container.sandbox).toMatch(
      /^in a container \(image docker\.io\/library\/alpine:3\) without network access; the workspace is mounted at \/workspace/,
    );
    const ssh = describeEnvironment('/w', deps, undefined, {
      ...sandbox,
      mode: 'ssh',
      ssh: { host: 'box', workspaceDir: '/srv/w', args: [] },
    });
    expect(ssh.sandbox).toMatch(
      /^on the SSH host box, starting in \/srv\/w there; read_file, write_file, edit_file and list_files are not available/,
    );
    expect(buildToolsPrompt(builtinToolDescriptors(), container)).toContain('- execute_command runs in a container');
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
