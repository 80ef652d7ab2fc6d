import { describe, expect, it } from 'vitest';
import { DEFAULT_RPC_SETTINGS, RpcSettingsSchema } from '@shared/rpc/rpc-settings';
import { rpcFormFromSettings, rpcFromForm, type RpcForm } from './rpc-form';

const form = (patch: Partial<RpcForm> = {}): RpcForm => ({ ...rpcFormFromSettings(DEFAULT_RPC_SETTINGS), ...patch });

describe('rpc form', () => {
  it('round-trips the settings', () => {
    const rpc = {
      mode: 'remote' as const,
      localWorkers: 3,
      workerThreads: 4,
      exposeWorkers: true,
      remote: ['10.0.0.2:50052', '[fe80::1]:50053'],
    };
    expect(rpcFromForm(rpcFormFromSettings(rpc))).toEqual({ ok: true, value: rpc });
    expect(rpcFromForm(form())).toEqual({ ok: true, value: DEFAULT_RPC_SETTINGS });
  });

  it('reads a list typed with commas, spaces or lines, and names the entry that is not host:port', () => {
    const listed = rpcFromForm(form({ rpcMode: 'remote', rpcRemote: 'a:1, b:2\nc:3' }));
    expect(listed.ok && listed.value.remote).toEqual(['a:1', 'b:2', 'c:3']);
    expect(rpcFromForm(form({ rpcMode: 'remote', rpcRemote: 'a:1 http://b:2' }))).toEqual({
      ok: false,
      errors: { rpcRemote: { key: 'load.error.rpcEndpoint', vars: { value: 'http://b:2' } } },
    });
    expect(rpcFromForm(form({ rpcMode: 'remote', rpcRemote: ' ' }))).toEqual({
      ok: false,
      errors: { rpcRemote: { key: 'load.error.rpcNoWorkers' } },
    });
  });

  it('ignores a half-typed list while the mode does not use it', () => {
    expect(rpcFromForm(form({ rpcMode: 'local', rpcRemote: 'half' }))).toMatchObject({
      ok: true,
      value: { mode: 'local', remote: [] },
    });
  });

  it('checks the worker count and threads against the schema bounds', () => {
    expect(rpcFromForm(form({ rpcWorkers: '0' }))).toEqual({
      ok: false,
      errors: { rpcWorkers: { key: 'load.error.min', vars: { min: 1 } } },
    });
    expect(rpcFromForm(form({ rpcWorkers: '17', rpcThreads: '2x' }))).toEqual({
      ok: false,
      errors: {
        rpcWorkers: { key: 'load.error.max', vars: { max: 16 } },
        rpcThreads: { key: 'load.error.wholeNumber' },
      },
    });
    for (const rpcWorkers of ['1', '16']) {
      const result = rpcFromForm(form({ rpcWorkers, rpcThreads: '1024' }));
      expect(result.ok && RpcSettingsSchema.safeParse(result.value).success).toBe(true);
    }
  });
});
