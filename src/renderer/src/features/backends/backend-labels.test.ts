import { describe, expect, it } from 'vitest';
import type { BackendInfo } from '@shared/contract';
import zhCatalog from '@resources/i18n/zh.json';
import { catalogs, createTranslator, type MessageKey } from '../../i18n';
import { backendOptions, estimateReasonText, gpuLabel, shortCommit } from './backend-labels';

const backend = (kind: BackendInfo['kind'], executable = true): BackendInfo => ({
  kind,
  serverPath: `/bin/${kind}/llama-server`,
  executable,
  build: null,
});

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
    expect(gpuLabel({ name: 'RTX 4090', totalMiB: 24_564, freeMiB: 23_720, source: 'nvidia-smi' })).toBe(
      'RTX 4090 · 23.2 GiB free / 24.0 GiB',
    );
    expect(gpuLabel({ name: 'Arc', totalMiB: 16_384, freeMiB: null, source: 'vulkaninfo' })).toBe('Arc · 16.0 GiB');
    expect(gpuLabel({ name: 'iGPU', totalMiB: null, freeMiB: null, source: 'clinfo' })).toBe('iGPU');
  });

  it('shortens commits', () => {
    expect(
      shortCommit({ backend: 'cpu', llamaCppCommit: 'b6a1e3f2c9d04e5f8a7b', source: '', cmakeFlags: [], builtAt: '' }),
    ).toBe('b6a1e3f2c9');
  });
});

describe('estimateReasonText', () => {
  const zh = createTranslator('zh');
  const en = createTranslator('en');
  const partial = {
    gpuLayers: 23,
    maxLayers: 33,
    reason: 'english',
    why: {
      code: 'partial' as const,
      weightsMiB: 6600,
      gpuMiB: 6000,
      gpu: 'RTX 3060',
      freeKnown: true,
      percent: 95,
      perLayerMiB: 200,
      reserveMiB: 1024,
    },
  };

  it("words the core's reason code in the UI language, with its numbers", () => {
    expect(
      estimateReasonText(zh, { gpuLayers: 0, maxLayers: 33, reason: 'CPU backend: no offload', why: { code: 'cpu' } }),
    ).toBe('CPU 后端不使用 GPU');
    const text = estimateReasonText(zh, partial);
    expect(text).toContain('6600 MiB');
    expect(text).toContain('RTX 3060');
    expect(text).toContain('200 MiB');
    expect(text).not.toMatch(/[{}]/);
    expect(estimateReasonText(en, { ...partial, why: { ...partial.why, freeKnown: false } })).toContain(
      'free memory unknown',
    );
    expect(
      estimateReasonText(en, {
        gpuLayers: 33,
        maxLayers: 33,
        reason: 'x',
        why: { code: 'override_capped', wanted: 999 },
      }),
    ).toBe('you set 999, and the model has only 33');
  });

  it('names the context cache the estimate counted, with the context in grouped digits', () => {
    const withKv = { ...partial, why: { ...partial.why, kvMiB: 1024, context: 8192, reserveMiB: 512 } };
    expect(estimateReasonText(en, withKv)).toBe(
      '6600 MiB of weights and 1024 MiB of context cache for 8,192 tokens do not fit in 95 % of the 6000 MiB free on RTX 3060; about 200 MiB a layer with its share of the cache, 512 MiB kept for compute buffers',
    );
    expect(estimateReasonText(zh, withKv)).toContain('1024 MiB 上下文缓存');
    const fits = {
      gpuLayers: 33,
      maxLayers: 33,
      reason: 'x',
      why: {
        code: 'fits' as const,
        weightsMiB: 4200,
        gpuMiB: 6100,
        gpu: 'A',
        freeKnown: false,
        percent: 95,
        kvMiB: 256,
        context: 2048,
      },
    };
    expect(estimateReasonText(en, fits)).toBe(
      '4200 MiB of weights and 256 MiB of context cache for 2,048 tokens fit in 95 % of the 6100 MiB on A (free memory unknown)',
    );
  });

  it("keeps the core's English when an older core sent no code", () => {
    expect(estimateReasonText(zh, { gpuLayers: 0, maxLayers: 33, reason: 'CPU backend: no offload' })).toBe(
      'CPU backend: no offload',
    );
  });

  it('has Chinese for every reason', () => {
    const keys = Object.keys(catalogs.en).filter((key) => key.startsWith('load.estimateWhy.')) as MessageKey[];
    expect(keys.length).toBe(12);
    for (const key of keys) expect(zhCatalog[key]).toMatch(/[\u4e00-\u9fff]/);
  });
});
