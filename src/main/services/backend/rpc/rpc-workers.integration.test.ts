// llama.cpp RPC on loopback with real parts: the real llama-server and two real
// ggml-rpc-server workers from bin/cpu, the tiny test model, and a real kill -9
// of a worker in the middle of a streamed answer. A port taken from a worker is in
// rpc-worker-set.integration.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendStatus, EventName, EventPayloads, LoadSettings } from '@shared/contract';
import type { RpcSettings } from '@shared/rpc/rpc-settings';
import { defaultSettings } from '@shared/default-settings';
import { localRpc, waitFor } from '@test-support/backend/manager-harness';
import { testAssets } from '@test-support/test-assets';
import { workshopAssets } from '@test-support/workshop/workshop-assets';
import { isAlive } from '../../process/kill-tree';
import { describeExit, type ExitRecord } from '../../process/exit-record';
import { memoryLifecycle, type ProcessLifecycle } from '../../process/process-lifecycle';
import { BackendManager } from '../backend-manager';
import { findFreePort } from '../launch/net-probe';
import { canConnect } from './rpc-worker-readiness';
import { rpcWorkerArgs } from './rpc-worker-set';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A manager whose lifecycle also records the order in which its children exited. */
function makeManager(stopGraceMs = 2000) {
  const registry = memoryLifecycle();
  const exits: Array<{ name: string; exit: ExitRecord }> = [];
  const recording: ProcessLifecycle = {
    ...registry,
    launch: (spec) => {
      const proc = registry.launch(spec);
      void proc.exited.then((exit) => exits.push({ name: spec.name, exit }));
      return proc;
    },
  };
  const events: Array<{ event: EventName; payload: unknown }> = [];
  const manager = new BackendManager({
    binDirs: [testAssets.binDir],
    registry: recording,
    emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => events.push({ event, payload }),
    probeGpus: async () => [],
    readyTimeoutMs: 30_000,
    restartDelaysMs: [200, 400, 800],
    stopGraceMs,
  });
  cleanups.push(async () => {
    await manager.dispose();
    await registry.stopAll(500);
  });
  return { manager, registry, exits, events };
}

const settings = (rpc: RpcSettings): LoadSettings => ({
  ...defaultSettings().load,
  modelPath: testAssets.tinyModel,
  contextSize: 512,
  rpc,
});
const valueOf = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

/**
 * A streamed completion; `onFirstChunk` runs once the first token arrives. Returns what came, and whether it ended
 * properly.
 */
async function streamAnswer(
  manager: BackendManager,
  nPredict: number,
  onFirstChunk?: () => void,
): Promise<{ text: string; completed: boolean }> {
  const endpoint = manager.localEndpoint();
  if (!endpoint) throw new Error('no endpoint');
  const response = await fetch(`${endpoint.baseUrl}/completion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.apiKey}` },
    body: JSON.stringify({ prompt: 'Once upon a time', n_predict: nPredict, ignore_eos: true, stream: true }),
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let first = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (first && text.includes('data: ')) {
        first = false;
        onFirstChunk?.();
      }
    }
  } catch {
    // The connection dropped mid-stream: what the test wants to see.
  }
  return { text, completed: /"stop":\s*true/.test(text) };
}

describe('llama.cpp RPC workers with the real llama-server', () => {
  it('two loopback workers serve the test model: --rpc, each worker ready with its memory, and an answer', async () => {
    const { manager } = makeManager();
    const status = await manager.load(settings(localRpc()));
    expect(status.state).toBe('ready');
    const workers = manager.getStatus().rpcWorkers ?? [];
    expect(workers).toHaveLength(2);
    for (const worker of workers) {
      expect(worker).toMatchObject({
        origin: 'local',
        state: 'ready',
        endpoint: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      });
      expect(isAlive(worker.pid!)).toBe(true);
      expect(worker.devices[0]).toMatchObject({
        name: 'CPU',
        totalMiB: expect.any(Number),
        freeMiB: expect.any(Number),
      });
      // The weights llama-server put on this worker, read from its load lines.
      expect(worker.modelMiB).toBeGreaterThan(0);
    }
    expect(valueOf(manager.activeLaunch()!.args, '--rpc')).toBe(workers.map((worker) => worker.endpoint).join(','));
    const answer = await streamAnswer(manager, 8);
    expect(answer.completed).toBe(true);
  });

  it('stops llama-server first, then the workers, and leaves none running', async () => {
    // The app's own grace: a loaded machine (the whole suite on 2 cores) once took over 2 s to stop it.
    const { manager, exits } = makeManager(5000);
    await manager.load(settings(localRpc()));
    const pids = (manager.getStatus().rpcWorkers ?? []).map((worker) => worker.pid!);
    const stopped = await manager.stop();
    expect(stopped.rpcWorkers ?? []).toEqual([]);
    expect(exits.map((entry) => entry.name)).toEqual(['llama-server', 'ggml-rpc-server', 'ggml-rpc-server']);
    // Stopped while its workers still ran, the server does not crash on its way out (a server whose workers went
    // first aborts or faults). On a loaded machine it may outlive the grace and take the lifecycle's SIGKILL: that is
    // the stop working, not a crash.
    expect(['SIGABRT', 'SIGSEGV', 'SIGBUS', 'SIGILL'], `llama-server ${describeExit(exits[0]!.exit)}`).not.toContain(
      exits[0]!.exit.signal,
    );
    if (exits[0]!.exit.signal === null) expect(exits[0]!.exit.code, describeExit(exits[0]!.exit)).toBe(0);
    expect(exits[0]!.exit.why).toBe('stopped');
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
  });

  it('a worker killed mid-answer is a clear error, and the whole set restarts on the same ports and answers again', async () => {
    const { manager, events } = makeManager();
    await manager.load(settings(localRpc()));
    const before = manager.getStatus().rpcWorkers ?? [];
    const victim = before[0]!;
    const sentAt = Date.now();
    const cut = await streamAnswer(manager, 400, () => process.kill(victim.pid!, 'SIGKILL'));
    expect(cut.completed).toBe(false);
    // What a chat cut by it is told (chat-service.ts): the worker, not a bare "connection ended".
    expect(await manager.stoppedSince(sentAt, 5000)).toEqual({
      how: `RPC worker ${victim.endpoint} killed by SIGKILL`,
      exit: { exitSignal: 'SIGKILL' },
      worker: victim.endpoint,
      restarting: true,
    });

    const notice = await waitFor('the lost-worker notice', () =>
      events.find(
        (entry) => entry.event === 'app:notice' && (entry.payload as { code: string }).code === 'rpc_worker_lost',
      ),
    );
    const message = (notice.payload as { message: string }).message;
    expect(message).toBe(
      `RPC worker ${victim.endpoint} stopped unexpectedly (killed by SIGKILL); the answer in progress was cut off, and llama-server and its 2 workers are restarted`,
    );
    expect(manager.logLines().some((line) => line.text === message)).toBe(true);

    const ready = await waitFor('ready again', () => {
      const status: BackendStatus = manager.getStatus();
      return status.state === 'ready' && status.restarts === 1 && status;
    });
    expect(ready.notices).toContain(message);
    const after = ready.rpcWorkers ?? [];
    expect(after.map((worker) => worker.endpoint)).toEqual(before.map((worker) => worker.endpoint));
    for (const [index, worker] of after.entries()) {
      expect(worker.state).toBe('ready');
      expect(worker.pid).not.toBe(before[index]!.pid);
    }
    for (const worker of before) expect(isAlive(worker.pid!)).toBe(false);
    expect((await streamAnswer(manager, 8)).completed).toBe(true);
  });

  it('a worker that dies while llama-server loads is named in the load error, with how it ended', async () => {
    const { manager } = makeManager();
    // The 90 MB model: its weights take long enough to reach the worker that the kill lands mid-load.
    const loading = manager.load({ ...settings(localRpc({ localWorkers: 1 })), modelPath: workshopAssets.mediumModel });
    const connected = await waitFor('llama-server connecting to its worker', () =>
      manager.logLines().some((line) => line.text.endsWith('] Accepted client connection')),
    );
    const worker = manager.getStatus().rpcWorkers![0]!;
    expect(connected && worker.pid).toBeTruthy();
    process.kill(worker.pid!, 'SIGKILL');
    await expect(loading).rejects.toMatchObject({
      code: 'backend_failed',
      message: `RPC worker ${worker.endpoint} stopped while llama-server was loading the model (killed by SIGKILL); see the model log`,
      details: expect.objectContaining({ endpoint: worker.endpoint, workerExit: 'killed by SIGKILL' }),
    });
    expect(manager.getStatus().error?.message).toMatch(
      /^RPC worker 127\.0\.0\.1:\d+ stopped while llama-server was loading/,
    );
  });

  it('uses remote workers from a host:port list, and names one that does not answer', async () => {
    const { manager, registry } = makeManager();
    // Two workers started outside the manager, as on other machines.
    const ports = [await findFreePort(), await findFreePort()];
    const outside = ports.map((port) =>
      registry.launch({
        name: 'ggml-rpc-server (outside)',
        command: testAssets.rpcWorker,
        args: rpcWorkerArgs({ host: '127.0.0.1', port }, 1),
        output: { mode: 'lines', onLine: () => {} },
      }),
    );
    cleanups.push(async () => void (await Promise.all(outside.map((proc) => proc.stop(500)))));
    const endpoints = ports.map((port) => `127.0.0.1:${port}`);
    for (const port of ports) {
      const deadline = Date.now() + 10_000;
      while (!(await canConnect('127.0.0.1', port, 1000))) {
        if (Date.now() > deadline) throw new Error(`the outside worker on ${port} did not listen`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const status = await manager.load(settings({ ...localRpc(), mode: 'remote', remote: endpoints }));
    expect(status.state).toBe('ready');
    expect(
      (manager.getStatus().rpcWorkers ?? []).map((worker) => [worker.endpoint, worker.origin, worker.state]),
    ).toEqual(endpoints.map((endpoint) => [endpoint, 'remote', 'ready']));
    expect((await streamAnswer(manager, 8)).completed).toBe(true);
    // Stopping the manager leaves workers it did not start alone.
    await manager.stop();
    expect(outside.every((proc) => !proc.hasExited())).toBe(true);

    const nobody = await findFreePort();
    await expect(
      manager.load(settings({ ...localRpc(), mode: 'remote', remote: [`127.0.0.1:${nobody}`] })),
    ).rejects.toThrow(`RPC worker 127.0.0.1:${nobody} does not answer`);
  });
});
