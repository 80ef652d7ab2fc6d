// execute_command on an SSH host, against a real sshd on 127.0.0.1 (test
// support starts it with throwaway keys): it runs in the remote workspace, a
// failed connection is a sandbox error, the file tools refuse, and Stop and the
// time limit end the call.
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { processesMatching } from '@test-support/proc-tree';
import { makeTestRunner } from '@test-support/tools/test-runner';
import { waitUntil } from '@test-support/tools/process-state';
import { startTestSshd, type TestSshd } from '@test-support/tools/ssh-sandbox';
import { makeTempWorkspace, type TempWorkspace } from '@test-support/tools/temp-workspace';
import { executeCommandTool } from '../shell/execute-command';

let sshd: TestSshd;
let t: TempWorkspace;

beforeAll(async () => {
  sshd = await startTestSshd();
}, 300_000);
afterAll(() => sshd?.stop());
beforeEach(async () => {
  t = await makeTempWorkspace();
});
afterEach(async () => {
  // What a failing test left is not left for the next one.
  for (const nap of naps.splice(0)) for (const p of processesMatching(nap)) process.kill(p.pid, 'SIGKILL');
  await t.cleanup();
});

const naps: string[] = [];
/** A sleep duration only this test uses, and its sleeps still running. */
function newNap() {
  const nap = `1000.${randomInt(100_000, 999_999)}`;
  naps.push(nap);
  return { nap, sleeping: () => processesMatching(nap).filter((p) => p.cmdline.startsWith('sleep ')) };
}

const overSsh = (signal?: AbortSignal) => ({
  ...t.context(signal),
  workspaceDir: '/nonexistent-local-workspace',
  sandbox: sshd.sandbox(t.workspace),
});

describe.runIf(process.platform === 'linux')('execute_command on an SSH host (real sshd on 127.0.0.1)', () => {
  it('runs in the remote workspace, whatever the local one is', async () => {
    const result = await executeCommandTool({ command: 'pwd; echo made > b.txt; echo err >&2; exit 3' }, overSsh());
    expect(result.status).toBe('ok');
    expect(result.output).toBe(`${t.workspace}\nerr\n[exit code 3]`);
    expect(await readFile(`${t.workspace}/b.txt`, 'utf8')).toBe('made\n');
  });

  it('a remote workspace that does not exist stops the command before it runs', async () => {
    const result = await executeCommandTool(
      { command: 'echo ran' },
      { ...overSsh(), sandbox: sshd.sandbox(`${t.base}/missing`) },
    );
    expect(result.output).not.toContain('ran\n');
    expect(result.output).toMatch(/\[exit code 1\]$/);
  });

  it('the forbidden-command rules apply as on the host', async () => {
    const result = await executeCommandTool({ command: 'rm -rf /' }, overSsh());
    expect(result.error?.code).toBe('forbidden_command');
  });

  it('a host that cannot be reached is a sandbox error with what ssh said', async () => {
    const sandbox = {
      ...sshd.sandbox(t.workspace),
      host: 'nobody@127.0.0.1',
      args: ['-p', '1', '-o', 'ConnectTimeout=5'],
    };
    const result = await executeCommandTool({ command: 'echo hi' }, { ...overSsh(), sandbox });
    expect(result.error?.code).toBe('sandbox_unavailable');
    expect(result.error?.message).toMatch(
      /^ssh could not run the command on nobody@127\.0\.0\.1: .*Connection refused/s,
    );
  });

  it('Stop ends the call and the remote command', async () => {
    const { nap, sleeping } = newNap();
    const controller = new AbortController();
    const pending = executeCommandTool({ command: `echo waiting; sleep ${nap}` }, overSsh(controller.signal));
    await waitUntil(() => sleeping().length === 1, 10_000);
    // The echo ran before the sleep began; give its bytes time to cross the connection on a busy machine.
    await new Promise((resolve) => setTimeout(resolve, 500));
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ status: 'stopped', output: 'waiting' });
    await waitUntil(() => sleeping().length === 0, 5000);
  });

  it('the command reads an empty stdin, as on this machine, and what it left in the background is stopped when the call ends', async () => {
    const { nap, sleeping } = newNap();
    const result = await executeCommandTool({ command: `cat; sleep ${nap} >/dev/null 2>&1 & echo started` }, overSsh());
    expect(result.output).toBe('started\n[exit code 0]');
    await waitUntil(() => sleeping().length === 0, 5000);
  });

  it('the time limit ends the call', async () => {
    // Long enough for the connection and the echo on a busy machine; the point is that the call ends at the limit.
    const result = await executeCommandTool({ command: 'echo waiting; sleep 60', timeout_seconds: 3 }, overSsh());
    expect(result).toMatchObject({ status: 'timeout', output: 'waiting' });
  });

  it('the file tools refuse over SSH and say what to use (through the real tool runner)', async () => {
    const runner = makeTestRunner(undefined, { sandbox: () => sshd.sandbox(t.workspace) });
    try {
      const result = await runner.run({ tool: 'read_file', args: { path: 'a.txt' }, workspaceDir: t.workspace });
      expect(result.error).toMatchObject({ code: 'sandbox_unavailable' });
      expect(result.error?.message).toMatch(
        /^read_file is not available while tools run on the SSH host .*use execute_command/,
      );
      expect(runner.workerPids()).toEqual([]);
    } finally {
      await runner.dispose();
    }
  });
});
