import { describe, expect, it } from 'vitest';
import type { BackendStatus } from '@shared/contract';
import { toAppError } from '@shared/errors';
import { localUnavailable } from './local-availability';

const status = (patch: Partial<BackendStatus> = {}): BackendStatus => ({
  state: 'stopped',
  since: 0,
  backend: null,
  model: null,
  host: null,
  port: null,
  gpuLayers: null,
  estimate: null,
  pid: null,
  loadMs: null,
  restarts: 0,
  notices: [],
  error: null,
  ...patch,
});

const givenUp = {
  code: 'server_crashed' as const,
  message: 'llama-server stopped unexpectedly (killed by SIGKILL) and was restarted 3 times; giving up',
  details: { exitCode: null, signal: 'SIGKILL', logTail: ['a', 'b'] },
};

describe('why a chat cannot reach the local model', () => {
  it('a crash it gave up on: server_crashed with the exit reason and a Reload action, without the log tail', () => {
    const error = toAppError(localUnavailable(status({ state: 'error', restarts: 3, error: givenUp })));
    expect(error).toEqual({
      code: 'server_crashed',
      message: expect.stringContaining('killed by SIGKILL'),
      details: { action: 'reload', exitCode: null, signal: 'SIGKILL' },
    });
  });

  it('a crash with an exit code carries the code', () => {
    const crashed = {
      ...givenUp,
      message: 'llama-server stopped unexpectedly (exit code 134)',
      details: { exitCode: 134, signal: null },
    };
    expect(toAppError(localUnavailable(status({ state: 'error', error: crashed })))).toMatchObject({
      code: 'server_crashed',
      message: expect.stringContaining('exit code 134'),
      details: { exitCode: 134, signal: null },
    });
  });

  it('a failed load: backend_failed naming the cause, with Reload', () => {
    const failed = { code: 'ready_timeout' as const, message: 'llama-server was not ready after 300 s' };
    expect(toAppError(localUnavailable(status({ state: 'error', error: failed })))).toMatchObject({
      code: 'backend_failed',
      message: expect.stringContaining('not ready after 300 s'),
      details: { action: 'reload', cause: 'ready_timeout' },
    });
  });

  it('still restarting after a crash when the wait ran out: backend_starting that says so', () => {
    const error = toAppError(localUnavailable(status({ state: 'starting', restarts: 2 })));
    expect(error).toMatchObject({
      code: 'backend_starting',
      message: expect.stringContaining('restarting after a crash (attempt 2)'),
      details: { action: 'reload' },
    });
    expect(toAppError(localUnavailable(status({ state: 'starting' }))).message).toContain('still loading');
  });

  it('no_model_loaded only when none was loaded, or the user stopped it', () => {
    expect(localUnavailable(status()).code).toBe('no_model_loaded');
    expect(localUnavailable(status({ state: 'stopping' })).code).toBe('no_model_loaded');
  });
});
