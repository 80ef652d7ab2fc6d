// A model larger than all the memory there is (RAM and GPUs together) is refused before
// llama-server starts; one that fits anywhere at all is left to the offload and the fit.
import { describe, expect, it } from 'vitest';
import type { GpuInfo, ModelFacts } from '@shared/contract';
import { checkModelFitsMachine, machineMemoryBytes } from './memory-check';

const GIB = 2 ** 30;
const model = (fileSize: number, mmprojSize = 0): ModelFacts => ({
  path: '/m/big.gguf',
  name: 'big',
  architecture: 'llama',
  nLayer: 32,
  contextLength: 4096,
  embeddingLength: 4096,
  fileSize,
  mmprojSize,
  hasChatTemplate: true,
});
const gpu = (totalMiB: number | null): GpuInfo => ({ name: 'GPU', totalMiB, freeMiB: null, source: 'nvidia-smi' });

describe('checkModelFitsMachine', () => {
  it('lets a model through that fits in RAM and GPU memory together', () => {
    expect(() => checkModelFitsMachine(model(20 * GIB), 16 * GIB, [gpu(8192)])).not.toThrow();
    expect(machineMemoryBytes(16 * GIB, [gpu(8192), gpu(null)])).toBe(24 * GIB);
  });

  it('refuses a model, projector counted, larger than everything, with the sizes in the details', () => {
    let thrown: unknown;
    try {
      checkModelFitsMachine(model(15 * GIB, 2 * GIB), 16 * GIB, []);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'out_of_memory',
      message:
        '/m/big.gguf needs 17.0 GiB of memory, more than this machine has in all (16.0 GiB of RAM); choose a smaller model or quantization',
      details: { reason: 'model_too_large', path: '/m/big.gguf', neededBytes: 17 * GIB, totalBytes: 16 * GIB },
    });
  });

  it('refuses nothing when the RAM figure is unknown', () => {
    expect(() => checkModelFitsMachine(model(64 * GIB), 0, [])).not.toThrow();
  });
});
