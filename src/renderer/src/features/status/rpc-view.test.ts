import { describe, expect, it } from 'vitest';
import type { BackendStatus, RpcWorkerStatus } from '@shared/contract';
import { createTranslator } from '@renderer/i18n';
import { describeRpcWorkers as describeIn } from './rpc-view';

// The English page's wording.
const describeRpcWorkers = (status: BackendStatus | null) => describeIn(status, createTranslator('en'));

const worker = (patch: Partial<RpcWorkerStatus>): RpcWorkerStatus => ({
  endpoint: '127.0.0.1:41000',
  origin: 'local',
  state: 'ready',
  pid: 10,
  devices: [],
  modelMiB: null,
  ...patch,
});
const status = (rpcWorkers: RpcWorkerStatus[] | undefined): BackendStatus => ({
  state: 'ready',
  since: 0,
  backend: 'cpu',
  model: null,
  host: '127.0.0.1',
  port: 8080,
  gpuLayers: null,
  estimate: null,
  pid: 1,
  loadMs: 1,
  restarts: 0,
  notices: [],
  error: null,
  rpcWorkers,
});

describe('describeRpcWorkers', () => {
  it('is nothing without workers (or from a core that does not report them)', () => {
    expect(describeRpcWorkers(null)).toBeNull();
    expect(describeRpcWorkers(status(undefined))).toBeNull();
    expect(describeRpcWorkers(status([]))).toBeNull();
  });

  it('counts ready workers and writes each one with its memory', () => {
    const view = describeRpcWorkers(
      status([
        worker({ devices: [{ name: 'CPU', description: 'EPYC', totalMiB: 15995, freeMiB: 14800 }], modelMiB: 12.6 }),
        worker({
          endpoint: '10.0.0.2:50052',
          origin: 'remote',
          pid: null,
          devices: [{ name: 'RPC', description: '10.0.0.2:50052', totalMiB: null, freeMiB: 7869 }],
        }),
      ]),
    );
    expect(view).toEqual({
      ready: 2,
      count: 2,
      degraded: false,
      lines: [
        '127.0.0.1:41000 (local): ready · pid 10 · CPU 15995 MiB, 14800 MiB free · model 13 MiB',
        '10.0.0.2:50052 (remote): ready · RPC, 7869 MiB free',
      ],
    });
  });

  it('marks a set with a lost worker', () => {
    expect(
      describeRpcWorkers(status([worker({}), worker({ endpoint: '127.0.0.1:41001', state: 'lost', pid: null })])),
    ).toMatchObject({ ready: 1, count: 2, degraded: true });
  });
});
