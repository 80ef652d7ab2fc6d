// Hostile inputs that reach the rpc surface.
import { createServer } from 'node:net';
import { defaultSettings } from '@shared/default-settings';
import { toAppError } from '@shared/errors';
import { findFreePort } from '@main/services/backend/launch/net-probe';
import { RpcWorkerSet } from '@main/services/backend/rpc/rpc-worker-set';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { testAssets } from '@test-support/test-assets';
import type { HostileInput } from './hostile-input';

/**
 * Another local program holds the port EVA chose for its worker (bound in the moment before the worker's start)
 * and takes every connection. The real worker set starts the real ggml-rpc-server on that port.
 */
async function squattedWorkerPort(): Promise<string> {
  const port = await findFreePort();
  const squatter = createServer((socket) => socket.on('error', () => {}));
  await new Promise<void>((resolve) => squatter.listen({ port, host: '127.0.0.1' }, () => resolve()));
  const registry = memoryLifecycle();
  const set = new RpcWorkerSet({ registry, log: () => {}, onChange: () => {}, freePort: async () => port });
  try {
    const endpoints = await set.start(
      { ...defaultSettings().load.rpc, mode: 'local', localWorkers: 1, workerThreads: 1 },
      testAssets.llamaServer,
    );
    return `ready: ${endpoints.join(',')}`;
  } catch (error) {
    return `not ready: ${toAppError(error).message}`;
  } finally {
    await set.stop();
    await registry.stopAll(500);
    await new Promise<void>((resolve) => squatter.close(() => resolve()));
  }
}

export const rpcInputs: HostileInput[] = [
  {
    name: "a program squatting the RPC worker's port (a plain TCP server bound before the worker starts)",
    surface: 'rpc',
    probe: () => squattedWorkerPort(),
    expect: /^not ready: RPC worker 127\.0\.0\.1:\d+ could not start: port \d+ is taken by another program/,
  },
];
