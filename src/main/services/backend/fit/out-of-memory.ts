// Whether a failed start ran out of memory, read from llama-server's log: which
// device could not allocate and what it was allocating (weights, KV cache,
// compute buffers). The wording comes from the llama.cpp we build: ggml's
// allocators (ggml.c, ggml-alloc.c, ggml-backend.cpp, the CUDA and Vulkan
// backends) and the loader's own messages (llama-model.cpp, llama-kv-cache.cpp,
// llama-context.cpp).

export interface OutOfMemory {
  /** as llama.cpp names it: CPU, CUDA0, Vulkan0, …; 'CPU' for host memory */
  device: string;
  /** what was being allocated, when the log said */
  buffer: 'model' | 'kv' | 'compute' | null;
  /** the size of the allocation that failed, when the log said */
  mib: number | null;
}

const MiB = 1024 * 1024;

// Each pattern names where the allocation was and, where it can, its size.
const DEVICE_ALLOCATION: readonly {
  pattern: RegExp;
  device: (match: RegExpExecArray) => string;
  mib: (match: RegExpExecArray) => number | null;
}[] = [
  // ggml-alloc.c / ggml-backend.cpp: "alloc_tensor_range: failed to allocate CUDA0 buffer of size 1024065536"
  {
    pattern: /failed to allocate (\S+) buffer of size (\d+)/,
    device: (m) => m[1] as string,
    mib: (m) => Number(m[2]) / MiB,
  },
  // ggml-cuda.cu: "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 1024.00 MiB on device 0: cudaMalloc failed:
  // out of memory"
  {
    pattern: /allocating ([\d.]+) MiB on device (\d+): cudaMalloc failed: out of memory/,
    device: (m) => `CUDA${m[2]}`,
    mib: (m) => Number(m[1]),
  },
  // ggml-vulkan.cpp: "ggml_vulkan: Device memory allocation of size 1073741824 failed."
  {
    pattern: /ggml_vulkan: Device memory allocation of size (\d+) failed/,
    device: () => 'Vulkan0',
    mib: (m) => Number(m[1]) / MiB,
  },
  // ggml.c: "ggml_aligned_malloc: insufficient memory (attempted to allocate 976.62 MB)"
  {
    pattern: /insufficient memory \(attempted to allocate ([\d.]+) MB\)/,
    device: () => 'CPU',
    mib: (m) => Number(m[1]),
  },
  // ggml-backend.cpp: "ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 1024065536"
  {
    pattern: /cpu_buffer_type_alloc_buffer: failed to allocate buffer of size (\d+)/,
    device: () => 'CPU',
    mib: (m) => Number(m[1]) / MiB,
  },
  // A C++ allocation that failed in host memory: "llama_init_from_model: failed to initialize the context:
  // std::bad_alloc"
  { pattern: /\bstd::bad_alloc\b/, device: () => 'CPU', mib: () => null },
  // Not ggml-vulkan's "Failed to allocate pinned memory (… ErrorOutOfDeviceMemory)": it falls back to plain host
  // memory.
  {
    pattern: /^(?!.*Failed to allocate pinned memory).*(ErrorOutOfDeviceMemory|ErrorOutOfHostMemory)/,
    device: (m) => (/Host/.test(m[1]!) ? 'CPU' : 'Vulkan0'),
    mib: () => null,
  },
];

// What the loader was doing when the allocation failed.
const BUFFER_KIND: readonly { pattern: RegExp; buffer: OutOfMemory['buffer'] }[] = [
  { pattern: /failed to allocate buffer for kv cache/, buffer: 'kv' },
  // llama-model.cpp: "unable to allocate CUDA0 buffer" (the weights); its group names the device.
  { pattern: /unable to allocate (\S+) buffer/, buffer: 'model' },
  { pattern: /failed to allocate compute (?:pp |tg )?buffers/, buffer: 'compute' },
];

/** The first failed allocation of a start's log lines, or null when it did not run out of memory. */
export function findOutOfMemory(lines: readonly string[]): OutOfMemory | null {
  let found: OutOfMemory | null = null;
  for (const line of lines) {
    if (!found) {
      for (const { pattern, device, mib } of DEVICE_ALLOCATION) {
        const match = pattern.exec(line);
        if (!match) continue;
        const size = mib(match);
        found = {
          device: normalDevice(device(match)),
          buffer: null,
          mib: size === null ? null : Math.round(size * 100) / 100,
        };
        break;
      }
    }
    for (const { pattern, buffer } of BUFFER_KIND) {
      const match = pattern.exec(line);
      if (!match) continue;
      // The loader's own message comes after the allocator's and names the buffer; alone, it is the only clue.
      if (!found) found = { device: normalDevice(match[1] ?? 'CPU'), buffer, mib: null };
      else if (found.buffer === null) found = { ...found, buffer };
      break;
    }
  }
  return found;
}

/** Host-side buffer types all draw on the same RAM. */
function normalDevice(name: string): string {
  return /^CPU|_Host$/.test(name) ? 'CPU' : name;
}

/** Whether the device that ran out is a GPU (fewer layers help) rather than host memory (a smaller context helps). */
export function isGpuDevice(device: string): boolean {
  return device !== 'CPU';
}
