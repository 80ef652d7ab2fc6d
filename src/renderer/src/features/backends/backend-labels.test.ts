import { describe, expect, it } from 'vitest';
import type { BackendInfo } from '@shared/contract';
import { backendOptions, gpuLabel, shortCommit } from './backend-labels';

const backend = (kind: BackendInfo['kind'], executable = true): BackendInfo => ({ kind, serverPath: `/bin/${kind}/llama-server`, executable, build: null });

describe('backendOptions', () => {
  it('lists auto first, then found backends in priority order', () => {
    const options = backendOptions([backend('cpu'), backend('cuda')], 'auto');
    expect(options.map((o) => o.value)).toEqual(['auto', 'cuda', 'cpu']);
    expect(options.every((o) => !o.disabled && !o.missing)).toBe(true);
  });

  it('disables a backend that is not executable', () => {
    expect(backendOptions([backend('vulkan', false)], 'auto')[1]).toMatchObject({ value: 'vulkan', disabled: true });
  });

  it('keeps a saved choice that is no longer on disk, marked missing', () => {
    expect(backendOptions([backend('cpu')], 'cuda').find((o) => o.value === 'cuda')).toMatchObject({ missing: true });
  });

  it('does not call a choice missing before discovery answered', () => {
    expect(backendOptions(null, 'cuda').find((o) => o.value === 'cuda')).toMatchObject({ missing: false });
  });
});

describe('labels', () => {
  it('describes GPUs with whatever memory figures exist', () => {
    expect(gpuLabel({ name: 'RTX 4090', totalMiB: 24_564, freeMiB: 23_720, source: 'nvidia-smi' })).toBe('RTX 4090 · 23.2 GiB free / 24.0 GiB');
    expect(gpuLabel({ name: 'Arc', totalMiB: 16_384, freeMiB: null, source: 'vulkaninfo' })).toBe('Arc · 16.0 GiB');
    expect(gpuLabel({ name: 'iGPU', totalMiB: null, freeMiB: null, source: 'clinfo' })).toBe('iGPU');
  });

  it('shortens commits', () => {
    expect(shortCommit({ backend: 'cpu', llamaCppCommit: 'b6a1e3f2c9d04e5f8a7b', source: '', cmakeFlags: [], builtAt: '' })).toBe('b6a1e3f2c9');
  });
});
