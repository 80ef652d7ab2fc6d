// The cmake configuration of whisper-cli. Pure, so the cache key in the build
// record can be computed (and tested) without running anything.
import type { BackendKind } from '@shared/contract';
import { cmakeFlags, type FlagOptions } from './cmake-flags';

/** The cmake target, also the installed executable's name. */
export const WHISPER_CLI_TARGET = 'whisper-cli';

const COMMON = [
  '-DCMAKE_BUILD_TYPE=Release',
  // Static ggml and whisper: the shared build's binary points at libraries in its build folder.
  '-DBUILD_SHARED_LIBS=OFF',
  '-DWHISPER_BUILD_TESTS=OFF',
  // whisper-cli is one of the examples; the server example is not needed.
  '-DWHISPER_BUILD_EXAMPLES=ON',
  '-DWHISPER_BUILD_SERVER=OFF',
  '-DWHISPER_SDL2=OFF',
  '-DWHISPER_CURL=OFF',
  '-DWHISPER_COMMON_FFMPEG=OFF',
];

/** whisper-cli's flags for a backend: whisper's own switches plus the same ggml switches llama-server is built with. */
export function whisperCmakeFlags(backend: BackendKind, options: FlagOptions): string[] {
  // whisper.cpp vendors the same ggml as llama.cpp, so the backend and native-tuning switches carry over unchanged.
  const ggml = cmakeFlags(backend, options).filter((flag) => flag.startsWith('-DGGML_'));
  return [...COMMON, ...ggml];
}
