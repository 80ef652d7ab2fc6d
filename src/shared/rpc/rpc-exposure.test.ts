import { describe, expect, it } from 'vitest';
import { DEFAULT_RPC_SETTINGS, parseRpcEndpoint, RpcSettingsSchema } from './rpc-settings';
import { localWorkerHost, rpcExposureWarnings } from './rpc-exposure';

describe('rpcExposureWarnings', () => {
  it('says nothing while every worker stays on loopback', () => {
    expect(rpcExposureWarnings(DEFAULT_RPC_SETTINGS)).toEqual([]);
    expect(rpcExposureWarnings({ ...DEFAULT_RPC_SETTINGS, mode: 'local' })).toEqual([]);
    expect(
      rpcExposureWarnings({
        ...DEFAULT_RPC_SETTINGS,
        mode: 'remote',
        remote: ['127.0.0.1:50052', 'localhost:50053', '[::1]:50054'],
      }),
    ).toEqual([]);
    expect(localWorkerHost(DEFAULT_RPC_SETTINGS)).toBe('127.0.0.1');
  });

  it('warns about local workers that serve the network, and says how to keep them private', () => {
    const rpc = { ...DEFAULT_RPC_SETTINGS, mode: 'local' as const, exposeWorkers: true };
    expect(localWorkerHost(rpc)).toBe('0.0.0.0');
    const [warning, ...rest] = rpcExposureWarnings(rpc);
    expect(rest).toEqual([]);
    expect(warning).toMatch(/0\.0\.0\.0.*device memory/);
    expect(warning).toMatch(/127\.0\.0\.1 only/);
  });

  it('warns once per remote worker beyond loopback, with an SSH tunnel for its own port', () => {
    const warnings = rpcExposureWarnings({
      ...DEFAULT_RPC_SETTINGS,
      mode: 'remote',
      remote: ['192.168.1.20:50052', '127.0.0.1:50053', 'gpu-box:6000'],
    });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('ssh -N -L 50052:127.0.0.1:50052 user@192.168.1.20');
    expect(warnings[1]).toContain('RPC worker gpu-box:6000');
  });

  it('ignores the remote list unless the mode is remote', () => {
    expect(rpcExposureWarnings({ ...DEFAULT_RPC_SETTINGS, remote: ['10.0.0.2:50052'] })).toEqual([]);
  });
});

describe('parseRpcEndpoint', () => {
  it('reads host:port and bracketed IPv6, and refuses the rest', () => {
    expect(parseRpcEndpoint('192.168.1.20:50052')).toEqual({ host: '192.168.1.20', port: 50052 });
    expect(parseRpcEndpoint('[fe80::1]:50052')).toEqual({ host: 'fe80::1', port: 50052 });
    for (const bad of ['192.168.1.20', 'http://a:1', 'a:0', 'a:70000', 'a b:1', ':1', 'fe80::1:5'])
      expect(parseRpcEndpoint(bad)).toBeNull();
  });

  it('is what the settings schema checks', () => {
    expect(RpcSettingsSchema.safeParse({ ...DEFAULT_RPC_SETTINGS, remote: ['host:1'] }).success).toBe(true);
    expect(RpcSettingsSchema.safeParse({ ...DEFAULT_RPC_SETTINGS, remote: ['host'] }).success).toBe(false);
  });
});
