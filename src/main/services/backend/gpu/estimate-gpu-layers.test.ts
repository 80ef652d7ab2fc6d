import { describe, expect, it } from 'vitest';
import type { GpuInfo, ModelFacts } from '@shared/contract';
import { estimateGpuLayers, type EstimateInput } from './estimate-gpu-layers';

const MiB = 1024 * 1024;

const model = (patch: Partial<ModelFacts> = {}): ModelFacts => ({
  path: '/m/model.gguf',
  name: 'model',
  architecture: 'llama',
  nLayer: 32,
  contextLength: 8192,
  embeddingLength: 4096,
  fileSize: 4200 * MiB,
  mmprojSize: 0,
  hasChatTemplate: true,
  ...patch,
});

const gpu = (
  name: string,
  freeMiB: number | null,
  totalMiB: number | null = freeMiB,
  source: GpuInfo['source'] = 'nvidia-smi',
): GpuInfo => ({ name, freeMiB, totalMiB, source });

const estimate = (patch: Partial<EstimateInput> = {}) =>
  estimateGpuLayers({
    backend: 'cuda',
    model: model(),
    gpus: [gpu('RTX 4090', 23500, 24564)],
    override: 'auto',
    ...patch,
  });

describe('estimateGpuLayers', () => {
  it('offloads nothing on the cpu backend, even with a GPU and an override', () => {
    expect(estimate({ backend: 'cpu' })).toEqual({
      gpuLayers: 0,
      maxLayers: 33,
      reason: 'CPU backend: no offload',
      why: { code: 'cpu' },
    });
    expect(estimate({ backend: 'cpu', override: 20 })).toEqual({
      gpuLayers: 0,
      maxLayers: 33,
      reason: 'CPU backend: no offload',
      why: { code: 'cpu' },
    });
  });

  it('offloads all layers plus the output layer when the weights fit in 95 % of free VRAM', () => {
    expect(estimate()).toEqual({
      gpuLayers: 33,
      maxLayers: 33,
      reason: 'all 33 layers: 4200 MiB of weights fit in 95 % of 23500 MiB free on RTX 4090',
      why: { code: 'fits', weightsMiB: 4200, gpuMiB: 23500, gpu: 'RTX 4090', freeKnown: true, percent: 95 },
    });
  });

  it('counts the projector in the weights', () => {
    const result = estimate({ model: model({ fileSize: 5000 * MiB, mmprojSize: 700 * MiB }), gpus: [gpu('A', 6000)] });
    // 5700 MiB is exactly 95 % of 6000: still fits
    expect(result).toEqual({
      gpuLayers: 33,
      maxLayers: 33,
      reason: 'all 33 layers: 5700 MiB of weights fit in 95 % of 6000 MiB free on A',
      why: expect.objectContaining({ code: 'fits' }),
    });
  });

  it('treats 1 MiB over the 95 % line as not fitting', () => {
    const result = estimate({ model: model({ fileSize: 5701 * MiB }), gpus: [gpu('A', 6000)] });
    expect(result.gpuLayers).toBeLessThan(33);
  });

  it('estimates the layers that fit when the model is too big, with the numbers in the reason', () => {
    // 33 × 200 MiB; room = 6000 × 0.95 − 1024 = 4676 MiB → 23 layers
    const result = estimate({ model: model({ fileSize: 6600 * MiB }), gpus: [gpu('RTX 3060', 6000, 12288)] });
    expect(result).toEqual({
      gpuLayers: 23,
      maxLayers: 33,
      reason:
        '23 of 33 layers: 6600 MiB of weights do not fit in 95 % of 6000 MiB free on RTX 3060; about 200 MiB a layer, 1024 MiB kept for the KV cache and compute buffers',
      why: {
        code: 'partial',
        weightsMiB: 6600,
        gpuMiB: 6000,
        gpu: 'RTX 3060',
        freeKnown: true,
        percent: 95,
        perLayerMiB: 200,
        reserveMiB: 1024,
      },
    });
  });

  it('takes the projector out of the room before the layers', () => {
    // room = 5700 − 1024 − 600 = 4076 MiB → 20 layers of 200 MiB
    const result = estimate({ model: model({ fileSize: 6600 * MiB, mmprojSize: 600 * MiB }), gpus: [gpu('A', 6000)] });
    expect(result.gpuLayers).toBe(20);
    expect(result.reason).toBe(
      '20 of 33 layers: 7200 MiB of weights do not fit in 95 % of 6000 MiB free on A; about 200 MiB a layer, 1024 MiB kept for the KV cache and compute buffers',
    );
  });

  it('uses the GPU with the most free VRAM', () => {
    const result = estimate({
      model: model({ fileSize: 6600 * MiB }),
      gpus: [gpu('small', 2000, 24000), gpu('big', 6000, 8000), gpu('unknown', null)],
    });
    expect(result.gpuLayers).toBe(23);
    expect(result.reason).toContain('6000 MiB free on big');
  });

  it('offloads nothing when the free VRAM does not even cover the reserve', () => {
    const result = estimate({ model: model({ fileSize: 6600 * MiB }), gpus: [gpu('tiny', 1000)] });
    expect(result.gpuLayers).toBe(0);
    expect(result.reason).toMatch(/^0 of 33 layers: 6600 MiB of weights do not fit in 95 % of 1000 MiB free on tiny;/);
  });

  it('offloads all layers when no GPU memory is known, and says so', () => {
    const expected = {
      gpuLayers: 33,
      maxLayers: 33,
      reason: 'VRAM unknown: offloading all 33 layers (4200 MiB); set GPU layers by hand if loading runs out of memory',
      why: { code: 'vram_unknown', weightsMiB: 4200 },
    };
    expect(estimate({ gpus: [] })).toEqual(expected);
    expect(estimate({ gpus: [gpu('Radeon RX 7900', null, null, 'vulkaninfo')] })).toEqual(expected);
  });

  it('falls back on total VRAM when only the total is known (clinfo)', () => {
    const result = estimate({ model: model({ fileSize: 6600 * MiB }), gpus: [gpu('Arc A770', null, 6000, 'clinfo')] });
    expect(result.gpuLayers).toBe(23);
    expect(result.reason).toContain('95 % of 6000 MiB total (free unknown) on Arc A770');
    expect(result.why).toMatchObject({ code: 'partial', freeKnown: false, gpu: 'Arc A770' });
  });

  it('prefers a known free figure over a larger total elsewhere', () => {
    const result = estimate({
      model: model({ fileSize: 6600 * MiB }),
      gpus: [gpu('clinfo-card', null, 48000, 'clinfo'), gpu('smi-card', 6000, 8000)],
    });
    expect(result.gpuLayers).toBe(23);
    expect(result.reason).toContain('free on smi-card');
  });

  it('lets a numeric override win, clamped to the model', () => {
    expect(estimate({ override: 10 })).toEqual({
      gpuLayers: 10,
      maxLayers: 33,
      reason: 'set by you',
      why: { code: 'override', wanted: 10 },
    });
    expect(estimate({ override: 0 })).toEqual({
      gpuLayers: 0,
      maxLayers: 33,
      reason: 'set by you',
      why: { code: 'override', wanted: 0 },
    });
    expect(estimate({ override: 33 })).toEqual({
      gpuLayers: 33,
      maxLayers: 33,
      reason: 'set by you',
      why: { code: 'override', wanted: 33 },
    });
    expect(estimate({ override: 999 })).toEqual({
      gpuLayers: 33,
      maxLayers: 33,
      reason: "set by you (999, capped at the model's 33 layers)",
      why: { code: 'override_capped', wanted: 999 },
    });
  });

  it('lets an override win even when the VRAM is unknown or too small', () => {
    expect(estimate({ override: 5, gpus: [] }).gpuLayers).toBe(5);
    expect(estimate({ override: 30, gpus: [gpu('tiny', 100)] }).gpuLayers).toBe(30);
  });

  it('counts the KV cache of the chosen context from the header (128 KiB a token: 32 layers × 8 KV heads × 128 × K and V at f16)', () => {
    const withKv = model({ kvBytesPerToken: 131072 });
    // 8,192 tokens (the trained context): 1,024 MiB of cache; 4,200 + 1,024 + 512 MiB of buffers = 5,736 ≤ 95 % of
    // 6,100
    expect(estimate({ model: withKv, gpus: [gpu('A', 6100)] })).toEqual({
      gpuLayers: 33,
      maxLayers: 33,
      reason:
        'all 33 layers: 4200 MiB of weights and 1024 MiB of KV cache for 8192 tokens (with 512 MiB of compute buffers) fit in 95 % of 6100 MiB free on A',
      why: {
        code: 'fits',
        weightsMiB: 4200,
        gpuMiB: 6100,
        gpu: 'A',
        freeKnown: true,
        percent: 95,
        kvMiB: 1024,
        context: 8192,
      },
    });
    // The same weights alone would fit 6,000 MiB; with the cache they do not: each layer carries 4200/33 + 1024/32 ≈
    // 159 MiB,
    // and (5,700 − 512) / 159 → 32 layers.
    const partial = estimate({ model: withKv, gpus: [gpu('A', 6000)] });
    expect(partial).toMatchObject({
      gpuLayers: 32,
      why: { code: 'partial', kvMiB: 1024, context: 8192, perLayerMiB: 159, reserveMiB: 512 },
    });
    expect(partial.reason).toContain('with its share of the 1024 MiB KV cache for 8192 tokens');
  });

  it('a smaller context leaves room for every layer; without the header figure the old round reserve applies', () => {
    expect(
      estimate({ model: model({ kvBytesPerToken: 131072 }), gpus: [gpu('A', 6000)], contextSize: 2048 }),
    ).toMatchObject({ gpuLayers: 33, why: { code: 'fits', kvMiB: 256, context: 2048 } });
    expect(estimate({ model: model(), gpus: [gpu('A', 6000)], contextSize: 2048 }).why).not.toHaveProperty('kvMiB');
  });

  it('copes with a model that has no layer count', () => {
    expect(estimate({ model: model({ nLayer: 0, fileSize: 10 * MiB }) })).toEqual({
      gpuLayers: 1,
      maxLayers: 1,
      reason: 'all 1 layers: 10 MiB of weights fit in 95 % of 23500 MiB free on RTX 4090',
      why: expect.objectContaining({ code: 'fits', weightsMiB: 10 }),
    });
  });
});
