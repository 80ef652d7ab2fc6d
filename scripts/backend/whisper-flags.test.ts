import { describe, expect, it } from 'vitest';
import { whisperCmakeFlags } from './whisper-flags';

describe('whisperCmakeFlags', () => {
  it('builds a static, self-contained whisper-cli without the extras', () => {
    const flags = whisperCmakeFlags('cpu', { portable: false });
    expect(flags).toContain('-DBUILD_SHARED_LIBS=OFF');
    expect(flags).toContain('-DWHISPER_BUILD_EXAMPLES=ON');
    expect(flags).toEqual(
      expect.arrayContaining([
        '-DWHISPER_BUILD_TESTS=OFF',
        '-DWHISPER_BUILD_SERVER=OFF',
        '-DWHISPER_SDL2=OFF',
        '-DWHISPER_CURL=OFF',
      ]),
    );
    expect(flags).toContain('-DGGML_NATIVE=ON');
  });

  it('carries over the ggml backend and portability switches, and nothing of llama.cpp', () => {
    expect(whisperCmakeFlags('cuda', { portable: true })).toEqual(
      expect.arrayContaining(['-DGGML_CUDA=ON', '-DGGML_NATIVE=OFF']),
    );
    expect(whisperCmakeFlags('vulkan', { portable: false })).toContain('-DGGML_VULKAN=ON');
    expect(whisperCmakeFlags('opencl', { portable: false }).some((flag) => flag.startsWith('-DLLAMA_'))).toBe(false);
  });
});
