import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_FIT_CONTEXT, nextFitPoint } from './fit-retry';
import { findOutOfMemory } from './out-of-memory';

const limits = { maxLayers: 33, trainedContext: 32768 };

describe('the next try after running out of memory', () => {
  it('a GPU that ran out gives a quarter of its layers back and keeps the context', () => {
    const change = nextFitPoint(
      { gpuLayers: 33, contextSize: 8192 },
      { device: 'CUDA0', buffer: 'kv', mib: 1024 },
      limits,
    );
    expect(change?.to).toEqual({ gpuLayers: 24, contextSize: 8192 });
    expect(change?.text).toBe('CUDA0 ran out of memory allocating the KV cache (1024 MiB): GPU layers 33 → 24 of 33');
    // Few layers still step down by at least one, down to none.
    expect(
      nextFitPoint({ gpuLayers: 2, contextSize: 8192 }, { device: 'CUDA0', buffer: null, mib: null }, limits)?.to
        .gpuLayers,
    ).toBe(1);
    expect(
      nextFitPoint({ gpuLayers: 1, contextSize: 8192 }, { device: 'CUDA0', buffer: null, mib: null }, limits)?.to
        .gpuLayers,
    ).toBe(0);
  });

  it('host memory that ran out halves the context, the trained one when -c was 0', () => {
    expect(
      nextFitPoint({ gpuLayers: 0, contextSize: 0 }, { device: 'CPU', buffer: 'kv', mib: 4096 }, limits),
    ).toMatchObject({
      to: { gpuLayers: 0, contextSize: 16384 },
      text: 'CPU ran out of memory allocating the KV cache (4096 MiB): context 32768 → 16384 tokens',
    });
    // Rounded down to whole KV pages, never below the floor.
    expect(
      nextFitPoint({ gpuLayers: 0, contextSize: 1000 }, { device: 'CPU', buffer: 'kv', mib: null }, limits)?.to
        .contextSize,
    ).toBe(MIN_FIT_CONTEXT);
  });

  it("a GPU's compute buffers that did not fit get a smaller context, the layers stay (what an H200 said at 16M tokens)", () => {
    const oom = findOutOfMemory(
      readFileSync(join(__dirname, 'fixtures', 'cuda-h200-out-of-memory.txt'), 'utf8').split('\n'),
    );
    expect(oom).toEqual({ device: 'CUDA0', buffer: 'compute', mib: 163840.76 });
    expect(
      nextFitPoint({ gpuLayers: 3, contextSize: 16_777_216 }, oom!, { maxLayers: 3, trainedContext: 2048 }),
    ).toMatchObject({
      to: { gpuLayers: 3, contextSize: 8_388_608 },
      text: 'CUDA0 ran out of memory allocating the compute buffers (163841 MiB): context 16777216 → 8388608 tokens',
    });
  });

  it('a GPU with no layer left to move gets a smaller context instead', () => {
    expect(
      nextFitPoint({ gpuLayers: 0, contextSize: 4096 }, { device: 'Vulkan0', buffer: 'compute', mib: null }, limits)
        ?.to,
    ).toEqual({ gpuLayers: 0, contextSize: 2048 });
  });

  it('gives up when nothing smaller would help', () => {
    expect(
      nextFitPoint({ gpuLayers: 0, contextSize: MIN_FIT_CONTEXT }, { device: 'CPU', buffer: 'kv', mib: null }, limits),
    ).toBeNull();
    // Weights that do not fit in RAM do not fit in a smaller context.
    expect(
      nextFitPoint({ gpuLayers: 0, contextSize: 8192 }, { device: 'CPU', buffer: 'model', mib: 70000 }, limits),
    ).toBeNull();
  });
});
