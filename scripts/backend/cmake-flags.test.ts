import { describe, expect, it } from 'vitest';
import { BACKEND_KINDS } from '@shared/contract';
import { cmakeFlags, LLAMA_SIDE_TARGETS } from './cmake-flags';

describe('cmakeFlags', () => {
  it('builds a self-contained Release server that downloads nothing', () => {
    const flags = cmakeFlags('cpu', { portable: false });
    expect(flags).toEqual(
      expect.arrayContaining([
        '-DCMAKE_BUILD_TYPE=Release',
        '-DBUILD_SHARED_LIBS=OFF',
        '-DLLAMA_BUILD_TESTS=OFF',
        '-DLLAMA_BUILD_EXAMPLES=OFF',
        '-DLLAMA_BUILD_UI=OFF',
        '-DLLAMA_USE_PREBUILT_UI=OFF',
        '-DLLAMA_OPENSSL=OFF',
        '-DLLAMA_CURL=OFF',
      ]),
    );
    expect(flags.filter((flag) => /^-DGGML_(CUDA|VULKAN|OPENCL)=/.test(flag))).toEqual([]);
  });

  it('builds the RPC backend and its worker in every flavour, so an older bin/ (whose build.json lacks the flag) rebuilds', () => {
    for (const backend of BACKEND_KINDS) expect(cmakeFlags(backend, { portable: false })).toContain('-DGGML_RPC=ON');
    expect(LLAMA_SIDE_TARGETS).toContain('ggml-rpc-server');
  });

  it('builds llama-tts with the server from the same tree, with no flag of its own (tools are on in every flavour)', () => {
    expect(LLAMA_SIDE_TARGETS).toContain('llama-tts');
    for (const backend of BACKEND_KINDS)
      expect(cmakeFlags(backend, { portable: false }).filter((flag) => /TOOLS|TTS/.test(flag))).toEqual([]);
  });

  it('tunes for this machine unless portable', () => {
    expect(cmakeFlags('cpu', { portable: false })).toContain('-DGGML_NATIVE=ON');
    expect(cmakeFlags('cpu', { portable: true })).toContain('-DGGML_NATIVE=OFF');
    expect(cmakeFlags('cpu', { portable: true })).not.toContain('-DGGML_NATIVE=ON');
  });

  it('adds exactly one GPU switch per GPU backend', () => {
    expect(cmakeFlags('cuda', { portable: false })).toContain('-DGGML_CUDA=ON');
    expect(cmakeFlags('vulkan', { portable: false })).toContain('-DGGML_VULKAN=ON');
    expect(cmakeFlags('opencl', { portable: true })).toEqual(
      expect.arrayContaining(['-DGGML_OPENCL=ON', '-DGGML_NATIVE=OFF']),
    );
    for (const backend of BACKEND_KINDS) {
      expect(
        cmakeFlags(backend, { portable: false }).filter((flag) => /^-DGGML_(CUDA|VULKAN|OPENCL)=ON$/.test(flag)),
      ).toHaveLength(backend === 'cpu' ? 0 : 1);
    }
  });

  it('is deterministic, so build.json comparisons are stable', () => {
    expect(cmakeFlags('vulkan', { portable: false })).toEqual(cmakeFlags('vulkan', { portable: false }));
    // No paths or machine facts in the key: the same flags on every machine.
    expect(cmakeFlags('cuda', { portable: true }).every((flag) => /^-D[A-Z_]+=[A-Za-z]+$/.test(flag))).toBe(true);
  });
});
