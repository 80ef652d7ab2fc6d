// execute_command in a real podman container (provisioned by test support:
// podman, runc and a busybox image made locally), and the file tools beside it:
// the confinement is the host's, as without a sandbox; only the workspace is
// mounted; Stop and the time limit end the container and leave none behind.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '@test-support/tools/process-state';
import {
  containersLabelled,
  provisionPodmanSandbox,
  removeLabelled,
  runningLabelled,
} from '@test-support/tools/podman-sandbox';
import { makeTestRunner } from '@test-support/tools/test-runner';
import { makeTempWorkspace, SECRET_CONTENT, type TempWorkspace } from '@test-support/tools/temp-workspace';
import { executeCommandTool } from '../shell/execute-command';
import { writeFileTool } from '../files/write-file';
import { removeContainersByName } from './container-sweep';
import type { ContainerSandbox } from './sandbox';

const run = randomBytes(6).toString('hex');
const label = `eva.test=${run}`;
let sandbox: ContainerSandbox;
let t: TempWorkspace;

beforeAll(() => {
  sandbox = provisionPodmanSandbox({ 'eva.test': run });
}, 300_000);
beforeEach(async () => {
  t = await makeTempWorkspace();
});
afterEach(() => t.cleanup());
afterAll(() => removeLabelled(sandbox, label));

const inContainer = (signal?: AbortSignal, over: Partial<ContainerSandbox> = {}) => ({
  ...t.context(signal),
  sandbox: { ...sandbox, ...over },
});

describe.runIf(process.platform === 'linux')('execute_command in a podman container (real podman)', () => {
  it('runs in /workspace, which is the host workspace: what it writes is there', async () => {
    await writeFile(`${t.workspace}/a.txt`, 'from the host\n');
    const result = await executeCommandTool(
      { command: 'pwd; cat a.txt; echo made > b.txt; echo err >&2; exit 3' },
      inContainer(),
    );
    expect(result.status).toBe('ok');
    expect(result.output).toBe('/workspace\nfrom the host\nerr\n[exit code 3]');
    expect(await readFile(`${t.workspace}/b.txt`, 'utf8')).toBe('made\n');
    expect(containersLabelled(sandbox, label)).toEqual([]);
  });

  it('sees nothing of the host but the workspace', async () => {
    const result = await executeCommandTool({ command: `cat ${t.secret}; ls /` }, inContainer());
    expect(result.output).not.toContain(SECRET_CONTENT.trim());
    expect(result.output).toMatch(/No such file or directory/);
    expect(result.output).toMatch(/\bworkspace\b/);
    expect(result.output).not.toMatch(/\b(home|usr|root)\b/);
  });

  it('has no network unless the user allows it: only the loopback interface', async () => {
    const result = await executeCommandTool({ command: 'ls /sys/class/net' }, inContainer());
    expect(result.output).toBe('lo\n[exit code 0]');
  });

  it('with network allowed, the container gets an interface besides loopback', async () => {
    const result = await executeCommandTool(
      { command: 'ls /sys/class/net' },
      inContainer(undefined, { network: true }),
    );
    const lines = result.output.split('\n');
    expect(lines.pop()).toBe('[exit code 0]');
    expect(lines).toContain('lo');
    expect(lines.length).toBeGreaterThan(1);
  });

  it('refuses a forbidden command and a workspace outside the rules exactly as on the host, before any container starts', async () => {
    const forbidden = await executeCommandTool({ command: `touch ran; rm -rf /` }, inContainer());
    expect(forbidden.error).toMatchObject({ code: 'forbidden_command', details: { rule: 'recursive-delete' } });
    const missing = await executeCommandTool(
      { command: 'touch ran' },
      { ...inContainer(), workspaceDir: `${t.base}/no-such-workspace` },
    );
    expect(missing.error?.code).toBe('workspace_missing');
    await expect(readFile(`${t.workspace}/ran`)).rejects.toThrow();
    expect(containersLabelled(sandbox, label)).toEqual([]);
  });

  it('leaves the file tools confined by the host checks: a path outside the workspace is refused', async () => {
    const result = await writeFileTool({ path: '../outside/secret.txt', content: 'x' }, inContainer());
    expect(result.error?.code).toBe('outside_workspace');
    expect(await readFile(t.secret, 'utf8')).toBe(SECRET_CONTENT);
  });

  it('Stop kills the container and leaves none behind', async () => {
    const controller = new AbortController();
    const pending = executeCommandTool({ command: 'echo waiting; sleep 60' }, inContainer(controller.signal));
    await waitUntil(() => runningLabelled(sandbox, label).length === 1, 10_000);
    // Running is not yet printed: give the echo's bytes time to come through the runtime on a busy machine.
    await new Promise((resolve) => setTimeout(resolve, 500));
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ status: 'stopped', output: 'waiting' });
    expect(containersLabelled(sandbox, label)).toEqual([]);
  });

  it('the time limit kills the container and leaves none behind', async () => {
    // Long enough for the container to start and echo on a busy machine; the point is that the call ends at the limit.
    const result = await executeCommandTool({ command: 'echo waiting; sleep 60', timeout_seconds: 3 }, inContainer());
    expect(result).toMatchObject({
      status: 'timeout',
      output: 'waiting',
      error: { message: 'the command ran longer than 3 s; its container was killed and removed' },
    });
    expect(containersLabelled(sandbox, label)).toEqual([]);
  });

  it('a runtime that is not installed is a clear error naming what to install', async () => {
    const result = await executeCommandTool(
      { command: 'echo hi' },
      inContainer(undefined, { runtime: '/nonexistent/podman' }),
    );
    expect(result.error?.code).toBe('sandbox_unavailable');
    expect(result.error?.message).toMatch(/podman is not installed.*apt install podman/);
  });

  it('a container the runtime cannot start (no such image) is a sandbox error with what the runtime said', async () => {
    const result = await executeCommandTool(
      { command: 'echo hi' },
      inContainer(undefined, {
        image: `localhost/eva-no-such-image-${run}`,
        runArgs: [...sandbox.runArgs, '--pull=never'],
      }),
    );
    expect(result.error?.code).toBe('sandbox_unavailable');
    expect(result.error?.message).toMatch(/podman could not run the container: .*eva-no-such-image/s);
    expect(containersLabelled(sandbox, label)).toEqual([]);
  });

  it('through the real tool runner and worker: the setting reaches the worker, and Stop leaves no container', async () => {
    const runner = makeTestRunner(undefined, { sandbox: () => sandbox });
    try {
      const done = await runner.run({ tool: 'execute_command', args: { command: 'pwd' }, workspaceDir: t.workspace });
      expect(done.output).toBe('/workspace\n[exit code 0]');
      const controller = new AbortController();
      const pending = runner.run({
        tool: 'execute_command',
        args: { command: 'sleep 60' },
        workspaceDir: t.workspace,
        signal: controller.signal,
      });
      await waitUntil(() => runningLabelled(sandbox, label).length === 1, 15_000);
      controller.abort();
      expect((await pending).status).toBe('stopped');
      expect(containersLabelled(sandbox, label)).toEqual([]);
    } finally {
      await runner.dispose();
    }
  }, 30_000);

  it('a worker killed mid-call: the runner removes the container the worker reported', async () => {
    const runner = makeTestRunner(undefined, {
      sandbox: () => sandbox,
      removeContainers: (box, names) => removeContainersByName(box, names),
    });
    try {
      const pending = runner.run({ tool: 'execute_command', args: { command: 'sleep 60' }, workspaceDir: t.workspace });
      await waitUntil(() => runningLabelled(sandbox, label).length === 1, 15_000);
      for (const pid of runner.workerPids()) process.kill(pid, 'SIGKILL');
      expect((await pending).error?.code).toBe('worker_crashed');
      expect(containersLabelled(sandbox, label)).toEqual([]);
    } finally {
      await runner.dispose();
    }
  }, 30_000);
});
