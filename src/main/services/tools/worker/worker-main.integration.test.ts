import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinExecutors } from '../builtin-executors';
import { processesMatching } from '@test-support/proc-tree';
import { memoryLifecycle } from '../../process/process-lifecycle';
import { isFromWorker, isToWorker, type FromWorker } from './worker-protocol';
import { startToolWorker, type WorkerChannel } from './worker-main';
import { FAULTY_WORKER_ENTRY } from '@test-support/tools/test-runner';
import { forkWorkerSpawner } from './worker-process';
import { isRunning, waitUntil } from '@test-support/tools/process-state';

function fakeChannel() {
  const sent: FromWorker[] = [];
  let onMessage: (m: unknown) => void = () => undefined;
  let onDisconnect: () => void = () => undefined;
  let exitCode: number | null = null;
  const channel: WorkerChannel = {
    send: (m) => sent.push(m),
    onMessage: (l) => (onMessage = l),
    onDisconnect: (l) => (onDisconnect = l),
    exit: (code) => (exitCode = code),
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  return {
    channel,
    sent,
    deliver: (m: unknown) => onMessage(m),
    disconnect: () => onDisconnect(),
    exitCode: () => exitCode,
    settle,
  };
}

describe('startToolWorker', () => {
  it('says ready, begins, answers, and reports unknown tools and failures as data', async () => {
    const w = fakeChannel();
    startToolWorker(
      {
        ok: async () => async (args) => ({ status: 'ok', output: String(args.x) }),
        boom: async () => async () => {
          throw new Error('kaput');
        },
        broken_load: async () => {
          throw new Error('cannot load');
        },
      },
      w.channel,
    );
    expect(w.sent).toEqual([{ type: 'ready' }]);
    w.deliver({ type: 'run', id: 1, tool: 'ok', args: { x: 5 }, workspaceDir: '/w' });
    w.deliver({ type: 'run', id: 2, tool: 'nope', args: {}, workspaceDir: '/w' });
    w.deliver({ type: 'run', id: 3, tool: 'boom', args: {}, workspaceDir: '/w' });
    w.deliver({ type: 'run', id: 4, tool: 'broken_load', args: {}, workspaceDir: '/w' });
    w.deliver({ type: 'run', id: 5, tool: 'constructor', args: {}, workspaceDir: '/w' });
    w.deliver({ type: 'garbage' });
    await w.settle();
    const results = Object.fromEntries(
      w.sent
        .filter((m) => m.type === 'result')
        .map((m) => [m.type === 'result' ? m.id : 0, m.type === 'result' ? m.output : null]),
    );
    expect(results[1]).toEqual({ status: 'ok', output: '5' });
    expect(results[2]?.error?.code).toBe('unknown_tool');
    expect(results[3]?.error).toMatchObject({ code: 'internal', message: expect.stringContaining('kaput') });
    expect(results[4]?.error).toMatchObject({ code: 'internal', message: expect.stringContaining('cannot load') });
    expect(results[5]?.error?.code).toBe('unknown_tool');
    expect(w.sent).toContainEqual({ type: 'begin', id: 1 });
  });

  it('forwards Stop to the running call and exits when main goes away', async () => {
    const w = fakeChannel();
    startToolWorker(
      {
        wait: async () => async (_args, context) =>
          new Promise((resolve) =>
            context.signal.addEventListener('abort', () => resolve({ status: 'stopped', output: 'partial' })),
          ),
      },
      w.channel,
    );
    w.deliver({ type: 'run', id: 7, tool: 'wait', args: {}, workspaceDir: '/w' });
    await w.settle();
    w.deliver({ type: 'cancel', id: 7 });
    await w.settle();
    expect(w.sent.at(-1)).toEqual({ type: 'result', id: 7, output: { status: 'stopped', output: 'partial' } });
    w.disconnect();
    expect(w.exitCode()).toBe(0);
  });
});

describe.runIf(process.platform === 'linux')('a worker whose app goes away', () => {
  it('kills what its running command started, also what left the process group', async () => {
    const nap = `1000.${randomInt(100_000, 999_999)}`;
    const escaped = () => processesMatching(`sleep ${nap}`).filter((p) => p.cmdline.startsWith('sleep '));
    const workspace = await mkdtemp(join(tmpdir(), 'eva-worker-'));
    const w = fakeChannel();
    try {
      startToolWorker(builtinExecutors(), w.channel);
      w.deliver({
        type: 'run',
        id: 1,
        tool: 'execute_command',
        args: { command: `setsid sleep ${nap} &\nsleep ${nap}` },
        workspaceDir: workspace,
      });
      await waitUntil(() => escaped().length === 2, 5000);
      expect(w.sent).toContainEqual({
        type: 'child',
        id: 1,
        pid: expect.any(Number),
        tag: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      w.disconnect();
      expect(w.exitCode()).toBe(0);
      // SIGKILLed before the worker exits: gone well before the command's own end could sweep (200 ms of drain first).
      await waitUntil(() => escaped().length === 0, 150);
    } finally {
      for (const survivor of escaped()) process.kill(survivor.pid, 'SIGKILL');
      await rm(workspace, { recursive: true, force: true });
    }
  });
});

describe('worker protocol guards', () => {
  it('accept well-formed messages only', () => {
    expect(isFromWorker({ type: 'result', id: 1, output: { status: 'ok', output: '' } })).toBe(true);
    expect(isFromWorker({ type: 'result', id: 1, output: { status: 'weird', output: '' } })).toBe(false);
    expect(isFromWorker({ type: 'child', id: 1 })).toBe(false);
    expect(isFromWorker({ type: 'child', id: 1, pid: 2, tag: 'abc' })).toBe(true);
    expect(isFromWorker({ type: 'child', id: 1, pid: 2, tag: 3 })).toBe(false);
    expect(isToWorker({ type: 'run', id: 1, tool: 't', args: {}, workspaceDir: '/w' })).toBe(true);
    expect(isToWorker({ type: 'run', id: 1, tool: 't', args: null, workspaceDir: '/w' })).toBe(false);
  });
});

describe('workers and the process lifecycle', () => {
  it('a lifecycle launching the workers stops them all', async () => {
    const registry = memoryLifecycle();
    const spawn = forkWorkerSpawner({
      entry: FAULTY_WORKER_ENTRY,
      execArgv: ['--import', 'tsx'],
      launch: registry.launch,
    });
    const workers = [spawn('a'), spawn('b')];
    const pids = registry.pids();
    expect(pids).toEqual(workers.map((w) => w.pid));
    await registry.stopAll(500);
    for (const pid of pids) await waitUntil(() => !isRunning(pid), 2000);
  });
});
