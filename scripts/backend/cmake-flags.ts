// The cmake configuration for each backend flavour. Pure, so the cache key in
// build.json can be computed (and tested) without running anything.
import type { BackendKind } from '@shared/contract';

export interface FlagOptions {
  /** -DGGML_NATIVE=OFF: a binary for any CPU (and any supported GPU architecture) of the family, for packaging */
  portable: boolean;
}

/** The cmake target of the server; side binaries (whisper-cli, …) will add their own targets beside it. */
export const LLAMA_SERVER_TARGET = 'llama-server';

/**
 * The workshop's tools: two more targets of the same llama.cpp tree, built with the server and installed
 * beside it, so they always match its commit and flags (each compiles one or two files on top of the
 * server's libraries: seconds, where a build of their own would recompile everything).
 */
export const LLAMA_TOOL_TARGETS = ['llama-quantize', 'llama-imatrix'] as const;

/** The RPC worker (tools/rpc): serves this machine's devices to a llama-server elsewhere, over `--rpc host:port`. */
export const LLAMA_RPC_WORKER_TARGET = 'ggml-rpc-server';

/** Text to speech (tools/tts, on libmtmd): Read aloud's neural voice, Qwen3-TTS and Pocket TTS models. */
export const LLAMA_TTS_TARGET = 'llama-tts';

/** Everything built with the server and installed beside it, under the same build.json. */
export const LLAMA_SIDE_TARGETS = [...LLAMA_TOOL_TARGETS, LLAMA_RPC_WORKER_TARGET, LLAMA_TTS_TARGET] as const;

const COMMON = [
  '-DCMAKE_BUILD_TYPE=Release',
  // Link ggml and llama statically: one self-contained executable per backend, nothing to find at run time.
  '-DBUILD_SHARED_LIBS=OFF',
  '-DLLAMA_BUILD_TESTS=OFF',
  '-DLLAMA_BUILD_EXAMPLES=OFF',
  // The web UI is EVA's job; the prebuilt one would also be downloaded at configure time.
  '-DLLAMA_BUILD_UI=OFF',
  '-DLLAMA_USE_PREBUILT_UI=OFF',
  // No model downloads from the server itself, so no TLS or HTTP client libraries to link.
  '-DLLAMA_OPENSSL=OFF',
  // Deprecated in the pinned llama.cpp (a warning in the log), but older pins would link libcurl without it.
  '-DLLAMA_CURL=OFF',
  // The RPC backend in llama-server (`--rpc`) and its worker, ggml-rpc-server: one model spread over several
  // machines. On in every flavour, since a worker serves the devices of the build it comes from. Being part of
  // the flags, it is part of build.json's key: a bin/ built before it rebuilds.
  '-DGGML_RPC=ON',
];

const BACKEND_FLAGS: Record<BackendKind, readonly string[]> = {
  cpu: [],
  cuda: ['-DGGML_CUDA=ON'],
  vulkan: ['-DGGML_VULKAN=ON'],
  opencl: ['-DGGML_OPENCL=ON'],
};

export function cmakeFlags(backend: BackendKind, options: FlagOptions): string[] {
  // Users build on the machine they run on, so tuning for this CPU (and, for CUDA, this GPU) is the fast default.
  return [...COMMON, `-DGGML_NATIVE=${options.portable ? 'OFF' : 'ON'}`, ...BACKEND_FLAGS[backend]];
}
