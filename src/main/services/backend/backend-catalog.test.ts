// A GPU probe that fails leaves the CPU to run on, but says why: an empty GPU list
// after a failed probe is not "this machine has no GPU".
import { describe, expect, it } from 'vitest';
import type { GpuInfo } from '@shared/contract';
import { BackendCatalog } from './backend-catalog';

const GPU: GpuInfo = { name: 'Test GPU', totalMiB: 8192, freeMiB: 4096, source: 'nvidia-smi' };

describe('BackendCatalog GPU probe', () => {
  it('records and logs a probe that failed, keeps the CPU fallback, and probes again after a refresh', async () => {
    const logged: string[] = [];
    let fail = true;
    const probe = async () => {
      if (fail) throw new Error('nvidia-smi: driver/library version mismatch');
      return [GPU];
    };
    const catalog = new BackendCatalog([], probe, (line) => logged.push(line));

    expect(await catalog.gpus('/bin/llama-server')).toEqual([]);
    expect(await catalog.gpuProbeError('/bin/llama-server')).toBe('nvidia-smi: driver/library version mismatch');
    expect(logged).toEqual(['GPU probe failed: nvidia-smi: driver/library version mismatch; only the CPU is used']);

    fail = false;
    catalog.refresh();
    expect(await catalog.gpus('/bin/llama-server')).toEqual([GPU]);
    expect(await catalog.gpuProbeError('/bin/llama-server')).toBeNull();
  });

  it('says nothing when the probe answered, even with no GPU', async () => {
    const logged: string[] = [];
    const catalog = new BackendCatalog(
      [],
      async () => [],
      (line) => logged.push(line),
    );
    expect(await catalog.gpus(undefined)).toEqual([]);
    expect(await catalog.gpuProbeError(undefined)).toBeNull();
    expect(logged).toEqual([]);
  });
});
