import { describe, expect, it } from 'vitest';
import { findOutOfMemory, isGpuDevice } from './out-of-memory';

// The CPU lines are what the real llama-server printed here under `prlimit --as=1GiB` with -c 2000000
// (load-fit.integration.test.ts runs that for real); the GPU lines are in the wording of the
// CUDA and Vulkan backends of the llama.cpp we build (no GPU on this machine).
describe('out of memory in a load log', () => {
  it('host memory for the KV cache: device CPU, the size, the buffer', () => {
    expect(
      findOutOfMemory([
        'llama_context:        CPU  output buffer size =     0.49 MiB',
        'ggml_aligned_malloc: insufficient memory (attempted to allocate 976.62 MB)',
        'ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 1024065536',
        'alloc_tensor_range: failed to allocate CPU buffer of size 1024065536',
        'llama_init_from_model: failed to initialize the context: failed to allocate buffer for kv cache',
        'srv    load_model: failed to create_context with model',
      ]),
    ).toEqual({ device: 'CPU', buffer: 'kv', mib: 976.62 });
  });

  it('CUDA weights: the device from the cudaMalloc line, the buffer from the loader', () => {
    const oom = findOutOfMemory([
      'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 3992.51 MiB on device 0: cudaMalloc failed: out of memory',
      'alloc_tensor_range: failed to allocate CUDA0 buffer of size 4186448896',
      'llama_model_load: error loading model: unable to allocate CUDA0 buffer',
    ]);
    expect(oom).toEqual({ device: 'CUDA0', buffer: 'model', mib: 3992.51 });
    expect(isGpuDevice(oom!.device)).toBe(true);
  });

  it("not ggml-vulkan's pinned-memory warning, after which a real load (Mesa llvmpipe) went on in plain host memory", () => {
    const lines = [
      '0.00.486.745 I llama_kv_cache:    Vulkan0 KV buffer size =   896.00 MiB',
      '0.01.201.788 W ggml_vulkan: Failed to allocate pinned memory (No suitable memory type found: ErrorOutOfDeviceMemory)',
      '0.01.213.118 I sched_reserve:    Vulkan0 compute buffer size =    24.50 MiB',
      '0.01.213.132 I sched_reserve: Vulkan_Host compute buffer size =  4230.01 MiB',
    ];
    expect(findOutOfMemory(lines)).toBeNull();
    expect(findOutOfMemory(['ggml_vulkan: error ErrorOutOfDeviceMemory at ggml-vulkan.cpp:344'])).toEqual({
      device: 'Vulkan0',
      buffer: null,
      mib: null,
    });
  });

  it('Vulkan compute buffers, and the loader message alone', () => {
    expect(
      findOutOfMemory([
        'ggml_vulkan: Device memory allocation of size 1073741824 failed.',
        'graph_reserve: failed to allocate compute buffers',
      ]),
    ).toEqual({ device: 'Vulkan0', buffer: 'compute', mib: 1024 });
    expect(findOutOfMemory(['llama_model_load: error loading model: unable to allocate Vulkan1 buffer'])).toEqual({
      device: 'Vulkan1',
      buffer: 'model',
      mib: null,
    });
    expect(findOutOfMemory(['alloc_tensor_range: failed to allocate CUDA_Host buffer of size 1048576'])?.device).toBe(
      'CPU',
    );
  });

  it('a C++ allocation that failed in host memory (what a 16M-token context gave under the budget)', () => {
    expect(
      findOutOfMemory([
        'llama_init_from_model: failed to initialize the context: std::bad_alloc',
        "cmn  common_init_: failed to create context with model 'm.gguf'",
      ]),
    ).toEqual({ device: 'CPU', buffer: null, mib: null });
  });

  it('a start that failed for another reason is not out of memory', () => {
    expect(
      findOutOfMemory([
        'llama_model_load: error loading model: tensor data is not within the file bounds',
        'error: invalid argument: --mlock',
      ]),
    ).toBeNull();
    expect(isGpuDevice('CPU')).toBe(false);
  });
});
