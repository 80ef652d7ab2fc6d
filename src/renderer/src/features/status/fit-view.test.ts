import { describe, expect, it } from 'vitest';
import type { BackendStatus, LoadFit } from '@shared/contract';
import { createTranslator } from '@renderer/i18n';
import { describeFit as describeIn } from './fit-view';

// The English page's wording.
const describeFit = (status: BackendStatus | null) => describeIn(status, createTranslator('en'));

const fit = (patch: Partial<LoadFit> = {}): LoadFit => ({
  report: {
    offloaded: { layers: 20, of: 33 },
    buffers: [
      { device: 'CUDA0', kind: 'model', mib: 2400.4 },
      { device: 'CPU_Mapped', kind: 'model', mib: 1600.2 },
      { device: 'CUDA0', kind: 'kv', mib: 640 },
      { device: 'CUDA0', kind: 'compute', mib: 300 },
    ],
    nCtx: 8192,
    nCtxSeq: 8192,
    serverFit: { projectedMiB: 9120, ofMiB: 7800, memory: 'device', verdict: 'n_gpu_layers already set by user to 20' },
  },
  requested: { gpuLayers: 27, contextSize: 8192 },
  running: { gpuLayers: 20, contextSize: 8192 },
  changes: [
    {
      from: { gpuLayers: 27, contextSize: 8192 },
      to: { gpuLayers: 20, contextSize: 8192 },
      device: 'CUDA0',
      buffer: 'kv',
      text: 'CUDA0 ran out of memory allocating the KV cache (640 MiB): GPU layers 27 → 20 of 33',
    },
  ],
  remembered: false,
  ...patch,
});

const status = (patch: Partial<BackendStatus>): BackendStatus => ({
  state: 'ready',
  since: 0,
  backend: 'cuda',
  model: null,
  host: '127.0.0.1',
  port: 8080,
  gpuLayers: 20,
  pid: 1,
  loadMs: 1,
  restarts: 0,
  notices: [],
  error: null,
  estimate: { gpuLayers: 27, maxLayers: 33, reason: 'partial' },
  ...patch,
});

describe('the memory segment', () => {
  it('sums what llama-server allocated, and says what shrank and why', () => {
    const view = describeFit(status({ fit: fit() }))!;
    expect(view.totalMiB).toBe(4941);
    expect(view.shrunk).toBe(true);
    expect(view.running).toBe('20 GPU layers (asked 27)');
    expect(view.lines).toEqual([
      'CUDA0: weights 2400 MiB, KV cache 640 MiB, compute 300 MiB',
      'CPU_Mapped: weights 1600 MiB, KV cache 0 MiB, compute 0 MiB',
      '20 of 33 layers on the GPU',
      'context 8192 tokens',
      "EVA's estimate: 27 of 33 layers (partial)",
      "llama-server's own fit: 9120 of 7800 MiB of free device memory, n_gpu_layers already set by user to 20",
      'CUDA0 ran out of memory: GPU layers 27 → 20, context 8192 → 8192',
    ]);
  });

  it('a load that fit as asked is not marked; a remembered one says so', () => {
    const asked = { gpuLayers: 0, contextSize: 0 };
    expect(describeFit(status({ fit: fit({ requested: asked, running: asked, changes: [] }) }))).toMatchObject({
      shrunk: false,
      running: null,
    });
    const remembered = describeFit(
      status({
        fit: fit({
          requested: { gpuLayers: 0, contextSize: 0 },
          running: { gpuLayers: 0, contextSize: 16384 },
          changes: [],
          remembered: true,
        }),
      }),
    )!;
    expect(remembered.running).toBe('context 16384 (asked the model’s own)');
    expect(remembered.lines).toContain('started with what fit last time on this machine');
  });

  it('nothing to show before a load, or from an older core', () => {
    expect(describeFit(null)).toBeNull();
    expect(describeFit(status({ state: 'starting', fit: fit() }))).toBeNull();
    expect(describeFit(status({}))).toBeNull();
  });
});
