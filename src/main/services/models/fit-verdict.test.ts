import { describe, expect, it } from 'vitest';
import type { GpuInfo } from '@shared/contract';
import { fitVerdict } from './fit-verdict';
import { RateMeter } from './download-rate';

const GB = 1e9;
const gpu = (freeMiB: number | null, totalMiB: number | null = null): GpuInfo => ({
  name: 'Test GPU',
  freeMiB,
  totalMiB,
  source: 'nvidia-smi',
});

describe('fit verdict', () => {
  it('puts a model that fits the free VRAM wholly on the GPU', () => {
    const verdict = fitVerdict(4 * GB, { backend: 'cuda', gpus: [gpu(8192)], freeRamBytes: 16 * GB });
    expect(verdict.kind).toBe('gpu');
    expect(verdict.reason).toContain('Test GPU');
    expect(verdict.why).toEqual({
      code: 'fits_gpu',
      weightsBytes: 4 * GB,
      gpuBytes: 8192 * 1024 * 1024,
      freeKnown: true,
      gpu: 'Test GPU',
    });
  });

  it('splits a model between GPU and CPU when the rest fits in free memory', () => {
    const verdict = fitVerdict(12 * GB, { backend: 'cuda', gpus: [gpu(8192)], freeRamBytes: 16 * GB });
    expect(verdict.kind).toBe('partial');
    expect(verdict.reason).toMatch(/About \d+ % of the layers on the GPU/);
    expect(verdict.why).toMatchObject({ code: 'split', freeRamBytes: 16 * GB });
  });

  it('says too big when neither the GPU nor the free memory can hold it', () => {
    expect(fitVerdict(40 * GB, { backend: 'cuda', gpus: [gpu(8192)], freeRamBytes: 16 * GB }).kind).toBe('too-big');
    expect(fitVerdict(20 * GB, { backend: 'cpu', gpus: [], freeRamBytes: 16 * GB }).kind).toBe('too-big');
  });

  it('runs on the CPU without a GPU backend when memory allows', () => {
    const verdict = fitVerdict(4 * GB, { backend: 'cpu', gpus: [], freeRamBytes: 16 * GB });
    expect(verdict).toMatchObject({ kind: 'cpu', gpuLayers: 0 });
    expect(verdict.reason).toContain('No GPU backend');
    expect(verdict.why).toEqual({
      code: 'cpu_only',
      cause: 'no_gpu_backend',
      weightsBytes: 4 * GB,
      freeRamBytes: 16 * GB,
    });
  });

  it('says so when the GPU memory is unknown', () => {
    expect(fitVerdict(4 * GB, { backend: 'vulkan', gpus: [gpu(null)], freeRamBytes: 16 * GB }).reason).toContain(
      'GPU memory unknown',
    );
  });
});

describe('rate meter', () => {
  it('paces events at four a second and smooths the speed', () => {
    const meter = new RateMeter(0, 0);
    expect(meter.due(100)).toBe(false);
    expect(meter.due(250)).toBe(true);
    expect(meter.sample(1000, 10_000, 1000)).toEqual({ bytesPerSec: 1000, etaSec: 9 });
    // A burst moves the smoothed speed only part of the way.
    const after = meter.sample(11_000, 100_000, 2000);
    expect(after.bytesPerSec).toBe(2800);
    expect(after.etaSec).toBe(Math.ceil(89_000 / 2800));
  });
});
