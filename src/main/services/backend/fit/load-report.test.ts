import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeLoadReport, describeServerFit, ranWithoutGpu, readLoadReport } from './load-report';

// Lines in the format llama.cpp prints them (src/llama-model.cpp, llama-kv-cache.cpp, llama-context.cpp)
// for a 7B model on one CUDA GPU; the CPU case is checked against the real server in
// backend-manager.integration.test.ts.
const CUDA_LOAD = [
  'load_tensors: offloading 32 repeating layers to GPU',
  'load_tensors: offloading output layer to GPU',
  'load_tensors: offloaded 33/33 layers to GPU',
  'load_tensors:        CUDA0 model buffer size =  3992.51 MiB',
  'load_tensors:   CPU_Mapped model buffer size =    70.31 MiB',
  'llama_context: n_ctx         = 8192',
  'llama_context: n_ctx_seq     = 8192',
  'llama_kv_cache:      CUDA0 KV buffer size =  1024.00 MiB',
  'llama_context:      CUDA0 compute buffer size =   560.00 MiB',
  'llama_context:  CUDA_Host compute buffer size =    24.01 MiB',
];

describe('load report', () => {
  it('reads layers, buffers per device and context from the load lines', () => {
    expect(readLoadReport(CUDA_LOAD)).toEqual({
      offloaded: { layers: 33, of: 33 },
      nCtx: 8192,
      nCtxSeq: 8192,
      buffers: [
        { device: 'CUDA0', kind: 'model', mib: 3992.51 },
        { device: 'CPU_Mapped', kind: 'model', mib: 70.31 },
        { device: 'CUDA0', kind: 'kv', mib: 1024 },
        { device: 'CUDA0', kind: 'compute', mib: 560 },
        { device: 'CUDA_Host', kind: 'compute', mib: 24.01 },
      ],
      serverFit: null,
    });
  });

  it('counts no offload where every weight stayed in host memory (a CPU build with the RPC backend in it says "offloaded 3/3")', () => {
    const cpu = readLoadReport([
      'load_tensors: offloaded 3/3 layers to GPU',
      'load_tensors:          AMX model buffer size =     3.91 MiB',
      'load_tensors:   CPU_Mapped model buffer size =     8.00 MiB',
    ]);
    expect(cpu.offloaded).toBeNull();
    const rpc = readLoadReport([
      'load_tensors: offloaded 3/3 layers to GPU',
      'load_tensors: RPC0[127.0.0.1:51102] model buffer size =     3.91 MiB',
      'load_tensors:   CPU_Mapped model buffer size =     8.00 MiB',
    ]);
    expect(rpc.offloaded).toEqual({ layers: 3, of: 3 });
  });

  it('says it in one line, per device', () => {
    expect(describeLoadReport(readLoadReport(CUDA_LOAD))).toBe(
      'llama-server put 33/33 layers on the GPU, context 8192; CUDA0: model 3993 MiB, KV 1024 MiB, compute 560 MiB; CPU_Mapped: model 70 MiB; CUDA_Host: compute 24 MiB',
    );
  });

  it('a partial offload and a context split across sequences', () => {
    const report = readLoadReport([
      'load_tensors: offloaded 20/33 layers to GPU',
      'llama_context: n_ctx         = 16384',
      'llama_context: n_ctx_seq     = 4096',
    ]);
    expect(describeLoadReport(report)).toBe(
      'llama-server put 20/33 layers on the GPU, context 16384 (4096 a sequence)',
    );
  });

  it("reads llama-server's own fit: its projection and its verdict", () => {
    const host = readLoadReport(
      [
        '0.00.005.001 I common_params_fit_impl: getting device memory data for initial parameters:',
        '0.00.160.595 I common_params_fit_impl: projected to use 2934 MiB of host memory vs. 24105 MiB of total host memory',
        '0.00.160.615 I common_params_fit_impl: will leave 21170 >= 1024 MiB of system memory, no changes needed',
      ].map((line) => line.replace(/^\S+ I /, '')),
    );
    expect(host.serverFit).toEqual({ projectedMiB: 2934, ofMiB: 24105, memory: 'host', verdict: 'no changes needed' });
    expect(describeServerFit(host.serverFit)).toBe(
      "llama-server's own fit projected 2934 of 24105 MiB of host memory: no changes needed",
    );

    // On a GPU EVA sets -ngl itself, so llama-server's fit projects and then leaves the layers alone.
    const gpu = readLoadReport([
      'common_params_fit_impl: projected to use 9120 MiB of device memory vs. 7800 MiB of free device memory',
      'common_params_fit_impl: context size reduced from 32768 to 16384 -> need 1024 MiB less memory in total',
      'common_fit_params: failed to fit params to free device memory: n_gpu_layers already set by user to 20, abort',
    ]);
    expect(gpu.serverFit).toEqual({
      projectedMiB: 9120,
      ofMiB: 7800,
      memory: 'device',
      verdict: 'context size reduced from 32768 to 16384; n_gpu_layers already set by user to 20',
    });
    expect(describeServerFit(null)).toMatch(/did not run/);
  });

  it('reads what llama-server did on a real GPU (an H200, the tiny model, all layers offloaded)', () => {
    const report = readLoadReport(readFileSync(join(__dirname, 'fixtures', 'cuda-h200-load.txt'), 'utf8').split('\n'));
    expect(report.offloaded).toEqual({ layers: 3, of: 3 });
    expect(report.buffers).toContainEqual({ device: 'CUDA0', kind: 'kv', mib: 2 });
    expect(report.buffers).toContainEqual({ device: 'CUDA0', kind: 'compute', mib: 41.01 });
    expect(report.serverFit).toEqual({
      projectedMiB: 47,
      ofMiB: 142629,
      memory: 'device',
      verdict: 'no changes needed',
    });
    const failed = readLoadReport(
      readFileSync(join(__dirname, 'fixtures', 'cuda-h200-out-of-memory.txt'), 'utf8').split('\n'),
    );
    expect(failed.serverFit).toEqual({
      projectedMiB: 172036,
      ofMiB: 142629,
      memory: 'device',
      verdict: 'need to reduce device memory by 30431 MiB; n_gpu_layers already set by user to 99',
    });
  });

  it('reads nothing from lines that say nothing', () => {
    expect(readLoadReport(['main: server is listening on http://127.0.0.1:8080', ''])).toEqual({
      offloaded: null,
      buffers: [],
      nCtx: null,
      nCtxSeq: null,
      serverFit: null,
    });
  });
});

describe('ranWithoutGpu', () => {
  const report = (
    buffers: Array<[string, 'model' | 'kv' | 'compute']>,
    offloaded: { layers: number; of: number } | null = null,
  ) => ({
    offloaded,
    buffers: buffers.map(([device, kind]) => ({ device, kind, mib: 1 })),
    nCtx: 4096,
    nCtxSeq: null,
    serverFit: null,
  });

  it('is a GPU build asked for layers whose every buffer is in host memory (a real Vulkan build that saw no device but llvmpipe)', () => {
    const onCpu = report([
      ['CPU_Mapped', 'model'],
      ['AMX', 'model'],
      ['CPU', 'kv'],
      ['CPU', 'compute'],
      ['Vulkan_Host', 'compute'],
    ]);
    expect(ranWithoutGpu('vulkan', 3, onCpu)).toBe(true);
    expect(ranWithoutGpu('cuda', 3, onCpu)).toBe(true);
  });

  it('is not the CPU build, a start asked for no layers, one that offloaded, or a log without buffer lines', () => {
    const onCpu = report([
      ['CPU', 'model'],
      ['CPU', 'kv'],
    ]);
    expect(ranWithoutGpu('cpu', 3, onCpu)).toBe(false);
    expect(ranWithoutGpu('vulkan', 0, onCpu)).toBe(false);
    expect(
      ranWithoutGpu(
        'cuda',
        3,
        report(
          [
            ['CPU_Mapped', 'model'],
            ['CUDA0', 'model'],
            ['CUDA0', 'kv'],
            ['CUDA_Host', 'compute'],
          ],
          { layers: 3, of: 3 },
        ),
      ),
    ).toBe(false);
    expect(
      ranWithoutGpu(
        'vulkan',
        17,
        report([
          ['Vulkan0', 'model'],
          ['Vulkan0', 'kv'],
        ]),
      ),
    ).toBe(false);
    expect(ranWithoutGpu('vulkan', 3, report([]))).toBe(false);
  });
});
