// The cmake configuration for each backend flavour. Pure, so the cache key and
// build.json can be computed (and tested) without running anything.
import type { BackendKind } from '../../src/shared/contract';

export interface FlagOptions {
  /** -DGGML_NATIVE=OFF: a binary that runs on other CPUs of the same family (for packaging) */
  portable: boolean;
}

const COMMON = [
  '-DCMAKE_BUILD_TYPE=Release',
  // One self-contained binary per backend: nothing to find at run time.
  '-DBUILD_SHARED_LIBS=OFF',
  '-DLLAMA_BUILD_TESTS=OFF',
  '-DLLAMA_BUILD_EXAMPLES=OFF',
  // The bundled web UI would be downloaded from the internet; EVA is the UI.
  '-DLLAMA_BUILD_UI=OFF',
  '-DLLAMA_USE_PREBUILT_UI=OFF',
  '-DLLAMA_OPENSSL=OFF',
  '-DLLAMA_CURL=OFF',
];

const BACKEND_FLAGS: Record<BackendKind, string[]> = {
  cpu: [],
  cuda: ['-DGGML_CUDA=ON'],
  vulkan: ['-DGGML_VULKAN=ON'],
  opencl: ['-DGGML_OPENCL=ON'],
};

export function cmakeFlags(backend: BackendKind, options: FlagOptions): string[] {
  // Users build on the machine they run on, so native CPU tuning is the fast default.
  return [...COMMON, `-DGGML_NATIVE=${options.portable ? 'OFF' : 'ON'}`, ...BACKEND_FLAGS[backend]];
}

/** The targets to build for one backend; side binaries (whisper-cli) get their own builds. */
export const LLAMA_TARGETS = ['llama-server'] as const;
