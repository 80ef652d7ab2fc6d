import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { processesMatching } from '@test-support/proc-tree';
import { isRunning, waitUntil } from '@test-support/tools/process-state';
import { makeTempWorkspace, type TempWorkspace } from '@test-support/tools/temp-workspace';
import { FAULTY_WORKER_ENTRY, makeTestRunner } from '@test-support/tools/test-runner';
import type { ToolRunner } from './tool-runner';

let t: TempWorkspace;
let runner: ToolRunner;
beforeAll(() => {
  runner = makeTestRunner(FAULTY_WORKER_ENTRY, { timeouts: { hang: 1000, ignore_cancel: 60_000 }, cancelGraceMs: 800 });
});
afterAll(() => runner.dispose());
beforeEach(async () => {
  t = await makeTempWorkspace();
});
afterEach(() => t.cleanup());

const run = (tool: string, args: Record<string, unknown> = {}, signal?: AbortSignal) =>
  runner.run({ tool, args, workspaceDir: t.workspace, signal });

describe('ToolRunner with real worker processes', () => {
  it('runs the built-in tools in workers', async () => {
    expect(await run('calculator', { expression: '6 * 7' })).toMatchObject({ status: 'ok', output: '42' });
    expect(await run('write_file', { path: 'a/b.txt', content: 'hi\n' })).toMatchObject({ status: 'ok' });
    expect(await run('read_file', { path: 'a/b.txt' })).toMatchObject({ status: 'ok', output: 'hi' });
    expect(await run('edit_file', { path: 'a/b.txt', old_string: 'hi', new_string: 'ho' })).toMatchObject({
      status: 'ok',
    });
    expect(await readFile(join(t.workspace, 'a/b.txt'), 'utf8')).toBe('ho\n');
    expect(await run('list_files', { pattern: '**/*.txt' })).toMatchObject({ status: 'ok', output: 'a/b.txt' });
    expect(await run('execute_command', { command: 'echo $((6*7))' })).toMatchObject({
      status: 'ok',
      output: '42\n[exit code 0]',
    });
    const preview = await runner.preview('write_file', { path: 'a/b.txt', content: 'new\n' }, t.workspace);
    expect(preview.output).toContain('-ho\n+new');
  });

  it('reuses one warm worker per kind', async () => {
    await run('calculator', { expression: '1' });
    const before = runner.workerPids();
    await run('calculator', { expression: '2' });
    expect(runner.workerPids()).toEqual(before);
  });

  it('a crashing tool gives a clear error and the runner stays usable', async () => {
    const crashed = await run('crash');
    expect(crashed).toMatchObject({
      status: 'error',
      error: { code: 'worker_crashed', message: expect.stringContaining('exit code 3') },
    });
    const segv = await run('segfault');
    expect(segv.error?.message).toContain('SIGSEGV');
    expect(await run('echo', { ok: 1 })).toMatchObject({ status: 'ok', output: '{"ok":1}' });
  });

  it('a hanging tool is killed at its time limit', async () => {
    const hung = await run('hang');
    expect(hung).toMatchObject({ status: 'timeout', error: { code: 'timeout' } });
    expect(await run('echo', { after: 'hang' })).toMatchObject({ status: 'ok' });
  });

  it('a runaway calculator expression is stopped after 1 s', async () => {
    const result = await run('calculator', { expression: 'f(n) = n > 0 ? f(n - 1) + f(n - 1) : 1; f(60)' });
    expect(result.status).toBe('timeout');
    expect(result.error?.message).toContain('1 s');
  });

  it('an expression that exhausts the calculator worker’s heap reads as out of memory, and the next call works', async () => {
    // The worker's own heap cap (256 MB, as in the app) must be what ends it, not the 1 s limit: give it time.
    const roomy = makeTestRunner(undefined, { timeouts: { calculator: 30_000 } });
    try {
      await roomy.warmUp(['calculator']);
      const [before] = roomy.workerPids();
      const result = await roomy.run({
        tool: 'calculator',
        args: { expression: 'zeros(1e5, 1e5)' },
        workspaceDir: t.workspace,
      });
      expect(result).toMatchObject({
        status: 'error',
        error: { code: 'worker_crashed', details: { death: 'out_of_memory' } },
      });
      expect(result.error?.message).toMatch(
        /^out of memory: the calculator tool needed more memory than its worker process may use, and the process was ended \(signal SIG(ABRT|TRAP)\)/,
      );
      // Not the last frame of V8's native stack trace, which is what it used to say.
      expect(result.error?.message).not.toMatch(/0x[0-9a-f]+/);
      expect(String(result.error?.details?.stderr)).toContain('JavaScript heap out of memory');
      expect(
        await roomy.run({ tool: 'calculator', args: { expression: '6 * 7' }, workspaceDir: t.workspace }),
      ).toMatchObject({ status: 'ok', output: '42' });
      expect(roomy.workerPids()).not.toContain(before);
    } finally {
      await roomy.dispose();
    }
  });

  it('Stop during a command: killed quickly, partial output, status stopped, tree gone', async () => {
    const controller = new AbortController();
    const pending = run(
      'execute_command',
      { command: 'echo partial; sleep 60 & echo "grandchild $!"; : > printed; wait' },
      controller.signal,
    );
    // What was echoed is in the pipe before the marker file exists.
    await waitUntil(() => existsSync(join(t.workspace, 'printed')), 10_000);
    controller.abort();
    const result = await pending;
    expect(result.status).toBe('stopped');
    expect(result.output).toContain('partial');
    const grandchild = Number(/grandchild (\d+)/.exec(result.output)?.[1]);
    expect(grandchild).toBeGreaterThan(0);
    await waitUntil(() => !isRunning(grandchild), 1000);
  });

  it('a command timeout kills the tree and keeps the output', async () => {
    const result = await run('execute_command', {
      command: 'echo before; sleep 60 & echo "grandchild $!"; wait',
      timeout_seconds: 1,
    });
    expect(result).toMatchObject({ status: 'timeout', error: { code: 'timeout' } });
    expect(result.output).toContain('before');
    await waitUntil(() => !isRunning(Number(/grandchild (\d+)/.exec(result.output)?.[1])), 1000);
  });

  it('Stop during a command: what left its process group (setsid) is gone too', async () => {
    const nap = `1000.${randomInt(100_000, 999_999)}`;
    const escaped = () => processesMatching(`sleep ${nap}`).filter((p) => p.cmdline.startsWith('sleep '));
    const controller = new AbortController();
    try {
      // The output comes first: once both escapes run, it was written, whatever the load (Stop keeps what was said).
      const pending = run(
        'execute_command',
        { command: `echo waiting\nsetsid sleep ${nap} &\n(setsid -f sleep ${nap})\nsleep 60` },
        controller.signal,
      );
      await waitUntil(() => escaped().length === 2, 5000);
      controller.abort();
      expect(await pending).toMatchObject({ status: 'stopped', output: 'waiting' });
      expect(escaped()).toEqual([]);
    } finally {
      for (const survivor of escaped()) process.kill(survivor.pid, 'SIGKILL');
    }
  });

  it('a command whose worker is killed at the runner’s own limit leaves nothing behind, setsid included', async () => {
    const nap = `1000.${randomInt(100_000, 999_999)}`;
    const escaped = () => processesMatching(`sleep ${nap}`).filter((p) => p.cmdline.startsWith('sleep '));
    // The runner's limit (1.5 s) passes long before the command's own (60 s): the worker is SIGKILLed and cannot sweep.
    try {
      const pending = runner.run({
        tool: 'execute_command',
        args: { command: `setsid sleep ${nap} &\nsleep 60` },
        workspaceDir: t.workspace,
        timeoutMs: 1500,
      });
      await waitUntil(() => escaped().length === 1, 5000);
      expect(await pending).toMatchObject({
        status: 'timeout',
        error: { message: expect.stringContaining('its worker process was killed') },
      });
      expect(escaped()).toEqual([]);
    } finally {
      for (const survivor of escaped()) process.kill(survivor.pid, 'SIGKILL');
    }
  });

  it('a tool that ignores Stop is killed after the grace period', async () => {
    const before = new Set(runner.workerPids());
    await runner.warmUp(['ignore_cancel']);
    const [pid] = runner.workerPids().filter((p) => !before.has(p));
    const controller = new AbortController();
    const pending = run('ignore_cancel', {}, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({
      status: 'stopped',
      error: { code: 'stopped', message: expect.stringContaining('did not stop in time') },
    });
    await waitUntil(() => !isRunning(pid as number), 1000);
  });

  it('an aborted signal stops before starting', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await run('calculator', { expression: '1' }, controller.signal)).toMatchObject({ status: 'stopped' });
  });

  it('a worker entry that cannot start is reported, not thrown', async () => {
    const broken = makeTestRunner(join(t.base, 'missing-entry.ts'), { startTimeoutMs: 10_000 });
    const result = await broken.run({ tool: 'calculator', args: { expression: '1' }, workspaceDir: t.workspace });
    expect(result).toMatchObject({ status: 'error', error: { code: 'worker_failed' } });
    await broken.dispose();
  });

  it('dispose leaves no worker alive and refuses later calls', async () => {
    const local = makeTestRunner();
    await local.warmUp(['calculator', 'read_file']);
    const pids = local.workerPids();
    expect(pids).toHaveLength(2);
    await local.dispose();
    for (const pid of pids) await waitUntil(() => !isRunning(pid), 2000);
    expect(
      (await local.run({ tool: 'calculator', args: { expression: '1' }, workspaceDir: t.workspace })).error?.code,
    ).toBe('worker_failed');
  });
});
