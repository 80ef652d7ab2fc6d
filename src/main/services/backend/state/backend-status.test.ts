import { describe, expect, it } from 'vitest';
import { computesOnCpu } from './backend-status';

const model = {
  path: '/m/q.gguf',
  name: 'q',
  architecture: 'llama',
  nLayer: 28,
  contextLength: 4096,
  embeddingLength: 1024,
  fileSize: 1,
  mmprojSize: 0,
  hasChatTemplate: true,
};

describe('computesOnCpu', () => {
  it('is true for the CPU backend, a partial offload and unknown figures; false once every layer (and the output layer) is on the GPU', () => {
    expect(computesOnCpu({ backend: 'cpu', gpuLayers: 0, model })).toBe(true);
    expect(computesOnCpu({ backend: 'cuda', gpuLayers: 20, model })).toBe(true);
    expect(computesOnCpu({ backend: 'cuda', gpuLayers: 28, model })).toBe(true);
    expect(computesOnCpu({ backend: 'vulkan', gpuLayers: null, model })).toBe(true);
    expect(computesOnCpu({ backend: null, gpuLayers: null, model: null })).toBe(true);
    expect(computesOnCpu({ backend: 'cuda', gpuLayers: 29, model })).toBe(false);
    expect(computesOnCpu({ backend: 'cuda', gpuLayers: 999, model })).toBe(false);
  });
});
