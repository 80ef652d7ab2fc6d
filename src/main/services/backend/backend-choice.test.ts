import { describe, expect, it } from 'vitest';
import { BACKEND_KINDS } from '@shared/contract';
import { backendLabel, fallbackNotice, orderBackends } from './backend-choice';

describe('orderBackends', () => {
  it('orders auto by priority cuda > vulkan > opencl > cpu, whatever order they were found in', () => {
    expect(orderBackends('auto', ['cpu', 'opencl', 'vulkan', 'cuda'])).toEqual(['cuda', 'vulkan', 'opencl', 'cpu']);
    expect(orderBackends('auto', ['cpu', 'vulkan'])).toEqual(['vulkan', 'cpu']);
    expect(orderBackends('auto', ['cpu'])).toEqual(['cpu']);
    expect(orderBackends('auto', [])).toEqual([]);
  });

  it('puts an explicit choice first, then falls back only to backends below it', () => {
    const all = [...BACKEND_KINDS];
    expect(orderBackends('cuda', all)).toEqual(['cuda', 'vulkan', 'opencl', 'cpu']);
    expect(orderBackends('vulkan', all)).toEqual(['vulkan', 'opencl', 'cpu']);
    expect(orderBackends('opencl', all)).toEqual(['opencl', 'cpu']);
    expect(orderBackends('cpu', all)).toEqual(['cpu']);
  });

  it('skips fallbacks that are not available', () => {
    expect(orderBackends('cuda', ['cuda', 'cpu'])).toEqual(['cuda', 'cpu']);
    expect(orderBackends('vulkan', ['vulkan'])).toEqual(['vulkan']);
  });

  it('never returns a kind twice, even if the list has duplicates', () => {
    expect(orderBackends('auto', ['cpu', 'cpu', 'cuda', 'cuda'])).toEqual(['cuda', 'cpu']);
    expect(orderBackends('cuda', ['cuda', 'cuda'])).toEqual(['cuda']);
  });

  it('leaves out an explicit choice that is not available', () => {
    expect(orderBackends('cuda', ['vulkan', 'cpu'])).toEqual(['vulkan', 'cpu']);
    expect(orderBackends('vulkan', ['cuda', 'cpu'])).toEqual(['cpu']);
    expect(orderBackends('cpu', ['cuda'])).toEqual([]);
  });
});

describe('fallbackNotice', () => {
  it('names both backends and the reason', () => {
    expect(
      fallbackNotice('cuda', 'ggml_cuda_init: failed to initialize CUDA: no CUDA-capable device is detected', 'vulkan'),
    ).toBe(
      'The CUDA backend failed to start (ggml_cuda_init: failed to initialize CUDA: no CUDA-capable device is detected); trying Vulkan instead.',
    );
  });

  it('tidies a trailing period and whitespace, and copes with an empty reason', () => {
    expect(fallbackNotice('vulkan', '  device lost. \n', 'cpu')).toBe(
      'The Vulkan backend failed to start (device lost); trying CPU instead.',
    );
    expect(fallbackNotice('opencl', '', 'cpu')).toBe('The OpenCL backend failed to start; trying CPU instead.');
  });
});

describe('backendLabel', () => {
  it('has a label for every backend kind', () => {
    expect(BACKEND_KINDS.map(backendLabel)).toEqual(['CUDA', 'Vulkan', 'OpenCL', 'CPU']);
  });
});
