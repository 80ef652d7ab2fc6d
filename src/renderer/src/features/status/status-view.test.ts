import { describe, expect, it } from 'vitest';
import type { BackendStatus } from '@shared/contract';
import { describeStatus, formatAddress, isLoopbackHost, needsTicking } from './status-view';

const status = (patch: Partial<BackendStatus> = {}): BackendStatus => ({
  state: 'stopped',
  since: 1_000,
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

const model = {
  path: '/m/qwen.gguf',
  name: 'qwen',
  architecture: 'qwen2',
  nLayer: 28,
  contextLength: 32768,
  embeddingLength: 1536,
  fileSize: 1,
  mmprojSize: 0,
  hasChatTemplate: true,
};

describe('describeStatus', () => {
  it('shows a stopped bar before the first status arrives', () => {
    const view = describeStatus(null, 0);
    expect(view).toMatchObject({
      state: 'stopped',
      stateKey: 'status.state.stopped',
      address: null,
      elapsed: null,
      model: null,
    });
  });

  it('counts live while starting', () => {
    const view = describeStatus(
      status({ state: 'starting', since: 1_000, backend: 'cuda', host: '127.0.0.1', port: 41873 }),
      13_400,
    );
    expect(view.elapsed).toEqual({ text: '12.4 s', live: true });
    expect(view).toMatchObject({ backend: 'cuda', address: '127.0.0.1:41873', exposed: false });
    expect(needsTicking(status({ state: 'starting' }))).toBe(true);
  });

  it('shows the recorded load time once ready, and the layers offloaded', () => {
    const view = describeStatus(
      status({
        state: 'ready',
        loadMs: 2_345,
        model,
        gpuLayers: 999,
        estimate: { gpuLayers: 29, maxLayers: 29, reason: 'fits' },
      }),
      99_999,
    );
    expect(view.elapsed).toEqual({ text: '2.3 s', live: false });
    expect(view.gpuLayers).toBe('29 / 29');
    expect(view.model).toBe('qwen');
    expect(needsTicking(status({ state: 'ready' }))).toBe(false);
  });

  it('shows a plain layer count without an estimate', () => {
    expect(describeStatus(status({ state: 'ready', gpuLayers: 0 }), 0).gpuLayers).toBe('0');
  });

  it('flags a server bound beyond loopback', () => {
    expect(describeStatus(status({ host: '0.0.0.0', port: 8080 }), 0)).toMatchObject({
      exposed: true,
      address: '0.0.0.0:8080',
    });
  });

  it('carries the error (code, sentence and details, for the bar to word) and notices', () => {
    const error = {
      code: 'model_missing' as const,
      message: 'model file not found: /m/q.gguf',
      details: { path: '/m/q.gguf' },
    };
    const view = describeStatus(
      status({ state: 'error', error, notices: ['port 8080 in use; using 39217'], restarts: 2 }),
      0,
    );
    expect(view).toMatchObject({ error, notices: ['port 8080 in use; using 39217'], restarts: 2 });
    expect(describeStatus(status({ state: 'ready', error }), 0).error).toBeNull();
  });

  it('tells a crash apart from a failed load: restarting on its own, then crashed once it gave up', () => {
    expect(describeStatus(status({ state: 'starting', restarts: 0 }), 0).stateKey).toBe('status.state.starting');
    expect(describeStatus(status({ state: 'starting', restarts: 2 }), 0)).toMatchObject({
      state: 'starting',
      stateKey: 'status.state.restarting',
      restarts: 2,
    });
    const givenUp = describeStatus(
      status({
        state: 'error',
        restarts: 3,
        error: {
          code: 'server_crashed',
          message: 'llama-server stopped unexpectedly (killed by SIGKILL) and was restarted 3 times; giving up',
        },
      }),
      0,
    );
    expect(givenUp).toMatchObject({
      state: 'error',
      stateKey: 'status.state.crashed',
      restarts: 3,
      error: { code: 'server_crashed', message: expect.stringContaining('giving up') },
    });
    expect(
      describeStatus(status({ state: 'error', error: { code: 'ready_timeout', message: 'not ready' } }), 0).stateKey,
    ).toBe('status.state.error');
  });
});

describe('addresses', () => {
  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('192.168.1.5')).toBe(false);
  });

  it('brackets IPv6 hosts', () => {
    expect(formatAddress('::1', 80)).toBe('[::1]:80');
    expect(formatAddress('127.0.0.1', 80)).toBe('127.0.0.1:80');
  });
});
