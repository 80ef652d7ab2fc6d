// A local RPC worker is ready only when the worker itself says it accepted the
// probe's connection (rpc-worker-readiness.ts): real ggml-rpc-server workers from
// bin/cpu beside a plain node:net server that takes a worker's port, which must
// never be taken for the worker.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { localRpc, waitFor } from '@test-support/backend/manager-harness';
import { testAssets } from '@test-support/test-assets';
import { memoryLifecycle } from '../../process/process-lifecycle';
import { findFreePort } from '../launch/net-probe';
import { RpcWorkerSet, type LostWorker } from './rpc-worker-set';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * A plain TCP server on 127.0.0.1:port that takes every connection and keeps what it is sent: another user's program.
 */
async function squat(port: number): Promise<{ server: Server; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.on('data', () => {});
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => resolve());
  });
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { server, connections: () => connections };
}

/** An RpcWorkerSet on the lifecycle of its own, with what it logged and every state its workers went through. */
function makeWorkerSet(freePort?: (host: string) => Promise<number>) {
  const registry = memoryLifecycle();
  const log: string[] = [];
  const states: string[][] = [];
  const set = new RpcWorkerSet({
    registry,
    log: (line) => log.push(line),
    onChange: (workers) => states.push(workers.map((worker) => worker.state)),
    readyTimeoutMs: 15_000,
    stopGraceMs: 2000,
    ...(freePort ? { freePort } : {}),
  });
  cleanups.push(async () => {
    await set.stop();
    await registry.stopAll(500);
  });
  return { set, registry, log, states };
}

describe('a local worker is ready only when the worker itself says it listens', () => {
  it('a program squatting the port before the worker starts: not ready, and the error says the port is taken', async () => {
    const port = await findFreePort();
    const squatter = await squat(port);
    // The port EVA chose, taken in the moment before the worker binds it.
    const { set, states } = makeWorkerSet(async () => port);
    const failure = await set.start(localRpc({ localWorkers: 1 }), testAssets.llamaServer).then(
      () => null,
      (error: unknown) => error as { code: string; message: string; details?: Record<string, unknown> },
    );
    expect(failure).toMatchObject({
      code: 'backend_failed',
      message: expect.stringContaining(`port ${port} is taken by another program`),
      details: { endpoint: `127.0.0.1:${port}`, reason: 'port_taken' },
    });
    expect(states.flat()).not.toContain('ready');
    expect(set.list()).toEqual([]);
    // The squatter got the probe's connections and nothing else: no weights went there.
    expect(squatter.connections()).toBeGreaterThan(0);
  });

  it('a program that takes the port between a worker’s death and its restart: the restart is not ready, and says why', async () => {
    const { set, states } = makeWorkerSet();
    const [endpoint] = await set.start(localRpc({ localWorkers: 1 }), testAssets.llamaServer);
    const worker = set.list()[0]!;
    expect(worker).toMatchObject({ endpoint, state: 'ready' });
    const lost = set.whenLost();
    process.kill(worker.pid!, 'SIGKILL');
    await lost;
    const port = Number(endpoint!.split(':')[1]);
    await squat(port);
    states.length = 0;
    await expect(set.restart()).rejects.toMatchObject({
      message: `RPC worker ${endpoint} could not start: port ${port} is taken by another program, and EVA sends the model to no program but its own worker; load the model again to choose another port`,
    });
    expect(states.flat()).not.toContain('ready');
  });

  it('a worker lost before anyone asked is still reported by whenLost', async () => {
    const { set, states } = makeWorkerSet();
    const [endpoint] = await set.start(localRpc({ localWorkers: 1 }), testAssets.llamaServer);
    const worker = set.list()[0]!;
    process.kill(worker.pid!, 'SIGKILL');
    await waitFor('the worker marked lost', () => states.at(-1)?.[0] === 'lost');
    // Asked only now, after the loss: it must not wait for a second one that never comes.
    const reported = await Promise.race([
      set.whenLost(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
    ]);
    expect(reported).toEqual<LostWorker>({
      endpoint: endpoint!,
      how: 'killed by SIGKILL',
      exit: { exitSignal: 'SIGKILL' },
    });
  });
});
