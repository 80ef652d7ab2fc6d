import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n';
import { fitText } from './fit-text';

const GiB = 1024 ** 3;

describe('fit in words', () => {
  const en = createTranslator('en');
  const zh = createTranslator('zh');

  it('each verdict is a sentence with its sizes, in English and Chinese', () => {
    const cpu = {
      kind: 'cpu' as const,
      reason: 'x',
      why: {
        code: 'cpu_only' as const,
        cause: 'no_gpu_backend' as const,
        weightsBytes: 263_040,
        freeRamBytes: 16 * GiB,
      },
    };
    expect(fitText(en, cpu)).toBe('No GPU backend: runs on the CPU in 16.0 GiB of free memory (257 KiB of weights).');
    expect(fitText(zh, cpu)).toBe('没有 GPU 后端：在 CPU 上运行，可用内存 16.0 GiB（权重 257 KiB）。');
    const split = {
      kind: 'too-big' as const,
      reason: 'x',
      why: { code: 'split' as const, percent: 12, cpuBytes: 57.6 * GiB, freeRamBytes: 16 * GiB },
    };
    expect(fitText(en, split)).toBe(
      'About 12 % fits on the GPU, and the other 57.6 GiB do not fit in 16.0 GiB of free memory.',
    );
    const gpu = {
      kind: 'gpu' as const,
      reason: 'x',
      why: { code: 'fits_gpu' as const, weightsBytes: 4 * GiB, gpuBytes: 8 * GiB, freeKnown: false, gpu: 'RTX' },
    };
    expect(fitText(en, gpu)).toBe('All layers on the GPU: 4.0 GiB of weights fit in the 8.0 GiB of RTX.');
    expect(fitText(en, { kind: 'gpu', reason: 'x', why: { code: 'vram_unknown', weightsBytes: GiB } })).toContain(
      'GPU memory unknown',
    );
  });

  it("an older core's verdict without its numbers shows the core's own sentence", () => {
    expect(fitText(en, { kind: 'cpu', reason: 'runs on the CPU', why: undefined as never })).toBe('runs on the CPU');
  });
});
