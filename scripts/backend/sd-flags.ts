// The cmake configuration of stable-diffusion.cpp's sd-cli. Pure, so the cache
// key in the build record can be computed (and tested) without running anything.
import type { BackendKind } from '@shared/contract';
import { cmakeFlags, type FlagOptions } from './cmake-flags';

/** The cmake target, also the installed executable's name. */
export const SD_CLI_TARGET = 'sd-cli';

const COMMON = [
  '-DCMAKE_BUILD_TYPE=Release',
  // Static ggml and stable-diffusion: one self-contained executable (it then needs only libgomp and libstdc++).
  '-DBUILD_SHARED_LIBS=OFF',
  '-DSD_BUILD_SHARED_LIBS=OFF',
  '-DSD_BUILD_EXAMPLES=ON',
  // WebP and WebM come from git submodules a source without network lacks; EVA writes PNG only.
  '-DSD_WEBP=OFF',
  '-DSD_WEBM=OFF',
  // The server example's web page is built with pnpm; only sd-cli is built, but configure looks for it.
  '-DSD_SERVER_BUILD_FRONTEND=OFF',
];

// sd.cpp's own switches turn on ggml's backend and add what sd.cpp needs with it.
const BACKEND_FLAGS: Record<BackendKind, readonly string[]> = {
  cpu: [],
  cuda: ['-DSD_CUDA=ON'],
  vulkan: ['-DSD_VULKAN=ON'],
  opencl: ['-DSD_OPENCL=ON'],
};

/** sd-cli's flags for a backend: sd.cpp's switches plus the same native-tuning switch llama-server is built with. */
export function sdCmakeFlags(backend: BackendKind, options: FlagOptions): string[] {
  const native = cmakeFlags('cpu', options).filter((flag) => flag.startsWith('-DGGML_NATIVE='));
  return [...COMMON, ...native, ...BACKEND_FLAGS[backend]];
}
