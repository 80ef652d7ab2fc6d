// The SSH commands as argv (pure), and the quoting of the remote script checked
// by running it in a real local sh (what the remote login shell would do).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { remoteScript, shellQuote, sshArgvPrefix, sshSettingsProblem } from './ssh-argv';
import type { SshSandbox } from './sandbox';

const sandbox: SshSandbox = { mode: 'ssh', host: 'me@build-box', workspaceDir: '/srv/work', args: ['-p', '2222'] };

describe('sshArgvPrefix', () => {
  it('never prompts, takes the user’s options, and ends options before the host', () => {
    expect(sshArgvPrefix(sandbox)).toEqual(['-o', 'BatchMode=yes', '-p', '2222', '--', 'me@build-box']);
    expect(sshArgvPrefix({ ...sandbox, host: '-oProxyCommand=x', args: [] }).slice(-2)).toEqual(['--', '-oProxyCommand=x']);
  });

  it('a missing host is a settings problem', () => {
    expect(sshSettingsProblem({ ...sandbox, host: ' ' })).toMatch(/no host is set/);
    expect(sshSettingsProblem(sandbox)).toBeNull();
  });
});

describe('remoteScript', () => {
  it('enters the workspace first, and runs nothing when it cannot', () => {
    expect(remoteScript('/srv/work', 'ls')).toBe("cd -- '/srv/work' || exit 1\nls");
    expect(remoteScript('', 'ls')).toBe('ls');
  });

  it.runIf(process.platform !== 'win32')('quotes any directory name for a POSIX shell (run in a real local sh)', () => {
    const base = mkdtempSync(join(tmpdir(), 'eva-ssh-quote-'));
    try {
      const odd = join(base, `it's a "dir" $HOME \`x\` ; rm`);
      mkdirSync(odd);
      expect(execFileSync('/bin/sh', ['-c', remoteScript(odd, 'pwd; echo second')], { encoding: 'utf8' })).toBe(`${odd}\nsecond\n`);
      let failed = '';
      try {
        execFileSync('/bin/sh', ['-c', remoteScript(join(base, 'missing'), 'echo ran-anyway\necho this-too')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      } catch (error) {
        failed = String((error as { stdout: string }).stdout);
      }
      expect(failed).toBe('');
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('shellQuote closes and reopens around single quotes', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
  });
});
