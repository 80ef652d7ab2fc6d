import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

const run = (tool: string, args: Record<string, unknown> = {}, signal?: AbortSignal) => runner.run({ tool, args, workspaceDir: t.workspace, signal });

describe('ToolRunner with real worker processes', () => {
  it('runs the built-in tools in workers', async () => {
    expect(await run('calculator', { expression: '6 * 7' })).toMatchObject({ status: 'ok', output: '42' });
    expect(await run('write_file', { path: 'a/b.txt', content: 'hi\n' })).toMatchObject({ status: 'ok' });
    expect(await run('read_file', { path: 'a/b.txt' })).toMatchObject({ status: 'ok', output: 'hi' });
    expect(await run('edit_file', { path: 'a/b.txt', old_string: 'hi', new_string: 'ho' })).toMatchObject({ status: 'ok' });
    expect(await readFile(join(t.workspace, 'a/b.txt'), 'utf8')).toBe('ho\n');
    expect(await run('list_files', { pattern: '**/*.txt' })).toMatchObject({ status: 'ok', output: 'a/b.txt' });
    expect(await run('execute_command', { command: 'echo $((6*7))' })).toMatchObject({ status: 'ok', output: '42\n[exit code 0]' });
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
    expect(crashed).toMatchObject({ status: 'error', error: { code: 'worker_crashed', message: expect.stringContaining('exit code 3') } });
    const segv = await run('segfault');
    expect(segv.error?.message).toContain('SIGSEGV');
    expect(await run('echo', { ok: 1 })).toMatchObject({ status: 'ok', output: '{"ok":1}' });
  });

  it('a hanging tool is killed at its time limit', async () => {
    const started = Date.now();
    const hung = await run('hang');
    expect(hung).toMatchObject({ status: 'timeout', error: { code: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await run('echo', { after: 'hang' })).toMatchObject({ status: 'ok' });
  });

  it('a runaway calculator expression is stopped after 1 s', async () => {
    const started = Date.now();
    const result = await run('calculator', { expression: 'f(n) = n > 0 ? f(n - 1) + f(n - 1) : 1; f(60)' });
    expect(result.status).toBe('timeout');
    expect(result.error?.message).toContain('1 s');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('Stop during a command: killed quickly, partial output, status stopped, tree gone', async () => {
    const controller = new AbortController();
    const pending = run('execute_command', { command: 'echo partial; sleep 60 & echo "grandchild $!"; wait' }, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stoppedAt = Date.now();
    controller.abort();
    const result = await pending;
    expect(Date.now() - stoppedAt).toBeLessThan(2000);
    expect(result.status).toBe('stopped');
    expect(result.output).toContain('partial');
    const grandchild = Number(/grandchild (\d+)/.exec(result.output)?.[1]);
    expect(grandchild).toBeGreaterThan(0);
    await waitUntil(() => !isRunning(grandchild), 1000);
  });

  it('a command timeout kills the tree and keeps the output', async () => {
    const result = await run('execute_command', { command: 'echo before; sleep 60 & echo "grandchild $!"; wait', timeout_seconds: 1 });
    expect(result).toMatchObject({ status: 'timeout', error: { code: 'timeout' } });
    expect(result.output).toContain('before');
    await waitUntil(() => !isRunning(Number(/grandchild (\d+)/.exec(result.output)?.[1])), 1000);
  });

  it('a tool that ignores Stop is killed after the grace period', async () => {
    const before = new Set(runner.workerPids());
    await runner.warmUp(['ignore_cancel']);
    const [pid] = runner.workerPids().filter((p) => !before.has(p));
    const controller = new AbortController();
    const pending = run('ignore_cancel', {}, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ status: 'stopped', error: { code: 'stopped', message: expect.stringContaining('did not stop in time') } });
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(700);
    expect(Date.now() - stoppedAt).toBeLessThan(3000);
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
    expect((await local.run({ tool: 'calculator', args: { expression: '1' }, workspaceDir: t.workspace })).error?.code).toBe('worker_failed');
  });
});
