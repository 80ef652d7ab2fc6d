import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executeCommandTool } from './execute-command';
import { runShell } from './run-shell';
import { chooseShell, shellArgv } from './shell-choice';
import { isRunning, waitUntil } from '@test-support/tools/process-state';
import { makeTempWorkspace, type TempWorkspace } from '@test-support/tools/temp-workspace';

const pidAfter = (label: string, text: string): number => Number(new RegExp(`${label} (\\d+)`).exec(text)?.[1] ?? 0);
const shell = chooseShell(process.platform, process.env, () => true);

let t: TempWorkspace;
beforeEach(async () => {
  t = await makeTempWorkspace();
});
afterEach(() => t.cleanup());

describe('execute_command', () => {
  it('runs in the workspace and reports output and exit code', async () => {
    const result = await executeCommandTool({ command: 'pwd; echo out; echo err >&2; exit 3' }, t.context());
    expect(result.status).toBe('ok');
    expect(result.output).toBe(`${t.workspace}\nout\nerr\n[exit code 3]`);
    expect(result.details).toMatchObject({ exitCode: 3, truncated: false });
  });

  it('refuses forbidden commands without running anything', async () => {
    const result = await executeCommandTool({ command: `touch ${t.workspace}/ran; rm -rf /` }, t.context());
    expect(result.error).toMatchObject({ code: 'forbidden_command', details: { rule: 'recursive-delete' } });
    await expect(import('node:fs/promises').then((fs) => fs.access(`${t.workspace}/ran`))).rejects.toThrow();
  });

  it('caps output at 30,000 chars keeping head and tail', async () => {
    const result = await executeCommandTool({ command: 'seq 1 20000' }, t.context());
    expect(result.output.startsWith('1\n2\n3\n')).toBe(true);
    expect(result.output).toMatch(/\n\[… \d+ chars omitted …\]\n/);
    expect(result.output.endsWith('19999\n20000\n[exit code 0]')).toBe(true);
    expect(result.details).toMatchObject({ truncated: true });
    expect(result.output.length).toBeLessThan(30_100);
  });

  it('keeps memory bounded for a huge output without newlines', async () => {
    const result = await executeCommandTool({ command: "head -c 30000000 /dev/zero | tr '\\0' x" }, t.context());
    expect(result.details).toMatchObject({ truncated: true, omittedChars: 30_000_000 - 30_000 });
  });

  it('does not pass the worker plumbing to commands', async () => {
    process.env.ELECTRON_RUN_AS_NODE = '1';
    try {
      const result = await executeCommandTool({ command: 'echo "[${ELECTRON_RUN_AS_NODE:-unset}]"' }, t.context());
      expect(result.output).toContain('[unset]');
    } finally {
      delete process.env.ELECTRON_RUN_AS_NODE;
    }
  });
});

describe('runShell process-tree handling', () => {
  it('a timeout kills the whole tree, grandchild included, and keeps partial output', async () => {
    const result = await runShell({
      commandLine: 'echo started; sleep 60 & echo "grandchild $!"; wait',
      shell,
      cwd: t.workspace,
      timeoutMs: 700,
      maxOutputChars: 30_000,
    });
    const grandchild = pidAfter('grandchild', result.output.text);
    expect(result.timedOut).toBe(true);
    expect(result.output.text).toContain('started');
    expect(grandchild).toBeGreaterThan(0);
    await waitUntil(() => !isRunning(grandchild), 1000);
  });

  it('escalates to SIGKILL when the command ignores SIGTERM', async () => {
    const result = await runShell({
      commandLine: "trap '' TERM; echo up; sleep 60",
      shell,
      cwd: t.workspace,
      timeoutMs: 300,
      maxOutputChars: 1000,
      killGraceMs: 300,
    });
    expect(result).toMatchObject({ timedOut: true, signal: 'SIGKILL' });
  });

  // The grandchild sleeps a minute, twice the test's timeout: only the Stop can end the call in time.
  it('Stop kills the tree quickly and returns what was printed so far', async () => {
    const controller = new AbortController();
    const pending = runShell({
      commandLine: 'echo partial; sleep 60 & echo "grandchild $!"; : > printed; wait',
      shell,
      cwd: t.workspace,
      timeoutMs: 60_000,
      maxOutputChars: 30_000,
      signal: controller.signal,
    });
    // What was echoed is in the pipe before the marker file exists.
    await waitUntil(() => existsSync(join(t.workspace, 'printed')), 10_000);
    controller.abort();
    const result = await pending;
    expect(result.stopped).toBe(true);
    expect(result.output.text).toContain('partial');
    await waitUntil(() => !isRunning(pidAfter('grandchild', result.output.text)), 1000);
  });

  // A call that waited for the job would end at its 10 s limit, timed out, with no exit code.
  it('returns when the shell exits even if a background job holds the pipe, and stops that job', async () => {
    const result = await runShell({
      commandLine: 'sleep 30 & echo "bg $!"',
      shell,
      cwd: t.workspace,
      timeoutMs: 10_000,
      maxOutputChars: 1000,
    });
    expect(result.exitCode).toBe(0);
    await waitUntil(() => !isRunning(pidAfter('bg', result.output.text)), 1000);
  });

  it('reports a shell that cannot start', async () => {
    const result = await runShell({
      commandLine: 'true',
      shell: { ...shell, command: '/nonexistent/sh' },
      cwd: t.workspace,
      timeoutMs: 1000,
      maxOutputChars: 100,
    });
    expect(result.spawnError).toMatch(/not found/);
  });
});

describe('chooseShell', () => {
  it('uses bash when present, sh otherwise, cmd.exe on Windows', () => {
    expect(chooseShell('linux', {}, () => true)).toMatchObject({ command: '/bin/bash', label: 'bash' });
    expect(chooseShell('darwin', {}, () => false)).toMatchObject({ command: '/bin/sh', label: 'sh' });
    const cmd = chooseShell('win32', { ComSpec: 'C:\\Windows\\system32\\cmd.exe' }, () => false);
    expect(cmd).toMatchObject({ command: 'C:\\Windows\\system32\\cmd.exe', label: 'cmd.exe', verbatim: true });
    expect(shellArgv(cmd, 'dir /b')).toEqual(['/d', '/s', '/c', '"dir /b"']);
  });
});
