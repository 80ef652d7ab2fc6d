// The command line and the key of a launch that computes on RPC workers.
import { describe, expect, it } from 'vitest';
import type { LoadSettings } from '@shared/contract';
import { argsInput as input, argsSettings as settings, flags, valueOf } from '@test-support/backend/server-args-input';
import { buildServerArgs, launchKey } from './server-args';

describe('RPC workers', () => {
  const rpc = { mode: 'local' as const, localWorkers: 2, workerThreads: 0, exposeWorkers: false, remote: [] };

  it('passes the workers in --rpc and offloads every layer to them when the layers are auto', () => {
    const args = buildServerArgs(
      input({ rpc }, { backend: 'cpu', gpuLayers: 0, rpcEndpoints: ['127.0.0.1:41000', '127.0.0.1:41001'] }),
    );
    expect(valueOf(args, '--rpc')).toBe('127.0.0.1:41000,127.0.0.1:41001');
    expect(valueOf(args, '-ngl')).toBe('all');
    expect(
      valueOf(
        buildServerArgs(input({ rpc, gpuLayers: 12 }, { backend: 'cuda', rpcEndpoints: ['10.0.0.2:50052'] })),
        '-ngl',
      ),
    ).toBe('12');
  });

  it('adds nothing without workers', () => {
    const args = buildServerArgs(input({}, { backend: 'cpu', gpuLayers: 0 }));
    expect(flags(args)).not.toContain('--rpc');
    expect(flags(args)).not.toContain('-ngl');
  });

  it('keys a launch by the RPC setting, not by the ports its local workers got', () => {
    const key = (patch: Partial<LoadSettings>) =>
      launchKey({ settings: settings(patch), backend: 'cpu', host: '127.0.0.1', gpuLayers: 0, userKey: '' });
    expect(key({ rpc })).toBe(key({ rpc: { ...rpc } }));
    expect(key({ rpc })).not.toBe(key({ rpc: { ...rpc, localWorkers: 3 } }));
    expect(key({ rpc })).not.toBe(key({}));
  });
});
