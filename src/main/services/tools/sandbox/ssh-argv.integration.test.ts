// The SSH commands as argv (pure), and the quoting of the remote script checked
// by running it in a real local sh (what the remote login shell would do).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enterWorkspace, remoteScript, shellQuote, sshArgvPrefix, sshSettingsProblem } from './ssh-argv';
import type { SshSandbox } from './sandbox';

const sandbox: SshSandbox = { mode: 'ssh', host: 'me@build-box', workspaceDir: '/srv/work', args: ['-p', '2222'] };

describe('sshArgvPrefix', () => {
  it('never prompts, takes the user’s options, and ends options before the host', () => {
    expect(sshArgvPrefix(sandbox)).toEqual(['-o', 'BatchMode=yes', '-p', '2222', '--', 'me@build-box']);
    expect(sshArgvPrefix({ ...sandbox, host: '-oProxyCommand=x', args: [] }).slice(-2)).toEqual([
      '--',
      '-oProxyCommand=x',
    ]);
  });

  it('a missing host is a settings problem', () => {
    expect(sshSettingsProblem({ ...sandbox, host: ' ' })).toMatch(/no host is set/);
    expect(sshSettingsProblem(sandbox)).toBeNull();
  });
});

describe('remoteScript', () => {
  it('starts the hangup watcher, enters the workspace, then runs the command, each on its own line', () => {
    const lines = remoteScript('/srv/work', 'ls\npwd').split('\n');
    expect(lines[0]).toBe('exec 3<&0');
    expect(lines[1]).toMatch(/^\(trap "" TERM; cat <&3 .*kill -TERM 0.*kill -KILL 0.*\) >\/dev\/null 2>&1 &$/);
    expect(lines.slice(2)).toEqual(['exec 3<&- </dev/null', "cd -- '/srv/work' || exit 1", 'ls', 'pwd']);
    expect(remoteScript('', 'ls').split('\n').slice(2)).toEqual(['exec 3<&- </dev/null', 'ls']);
  });

  it.runIf(process.platform !== 'win32')('quotes any directory name for a POSIX shell (run in a real local sh)', () => {
    const base = mkdtempSync(join(tmpdir(), 'eva-ssh-quote-'));
    try {
      const odd = join(base, `it's a "dir" $HOME \`x\` ; rm`);
      mkdirSync(odd);
      // Without the watcher, which would stop this test's own process group (the real sshd tests run it).
      const script = (dir: string, command: string) => [...enterWorkspace(dir), command].join('\n');
      expect(execFileSync('/bin/sh', ['-c', script(odd, 'pwd; echo second')], { encoding: 'utf8' })).toBe(
        `${odd}\nsecond\n`,
      );
      let failed = '';
      try {
        execFileSync('/bin/sh', ['-c', script(join(base, 'missing'), 'echo ran-anyway\necho this-too')], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
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
