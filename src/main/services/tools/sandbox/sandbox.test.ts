// Which sandbox a call gets from the settings, and which tools cannot run in it.
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@shared/default-settings';
import { sandboxFromSettings, sandboxRefusal } from './sandbox';

const defaults = defaultSettings().tools.sandbox;
const owner = { dataScope: 'abc', pid: 7 };

describe('sandboxFromSettings', () => {
  it('host mode (the default) is no sandbox', () => {
    expect(defaults.mode).toBe('host');
    expect(sandboxFromSettings(defaults, owner)).toBeUndefined();
  });

  it('a container carries the data dir and the owner pid as labels, network off by default', () => {
    expect(sandboxFromSettings({ ...defaults, mode: 'container' }, owner)).toMatchObject({
      mode: 'container',
      network: false,
      labels: { 'eva.data': 'abc', 'eva.owner': '7' },
    });
  });

  it('ssh takes host, remote workspace and options', () => {
    const ssh = { host: 'box', workspaceDir: '/w', args: ['-p', '22'] };
    expect(sandboxFromSettings({ ...defaults, mode: 'ssh', ssh }, owner)).toEqual({ mode: 'ssh', ...ssh });
  });
});

describe('sandboxRefusal', () => {
  const ssh = sandboxFromSettings(
    { ...defaults, mode: 'ssh', ssh: { host: 'box', workspaceDir: '', args: [] } },
    owner,
  );
  const container = sandboxFromSettings({ ...defaults, mode: 'container' }, owner);

  it('over SSH the file tools refuse and point to execute_command', () => {
    for (const tool of ['read_file', 'write_file', 'edit_file', 'list_files'])
      expect(sandboxRefusal(tool, ssh)).toMatch(
        new RegExp(`^${tool} is not available .* SSH host box: use execute_command`),
      );
    expect(sandboxRefusal('preview_change', ssh)).toMatch(/^changing files is not available/);
    expect(sandboxRefusal('execute_command', ssh)).toBeNull();
  });

  it('in a container and on the host every tool runs', () => {
    for (const tool of ['read_file', 'write_file', 'execute_command']) {
      expect(sandboxRefusal(tool, container)).toBeNull();
      expect(sandboxRefusal(tool, undefined)).toBeNull();
    }
  });
});
