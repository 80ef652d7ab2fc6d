import { describe, expect, it } from 'vitest';
import type { BuildInfo } from '../../src/shared/contract';
import { rebuildReason } from './build-cache';
import { cmakeFlags } from './cmake-flags';

const recorded: BuildInfo = { backend: 'cpu', llamaCppCommit: 'a'.repeat(40), source: 'x', cmakeFlags: cmakeFlags('cpu', { portable: false }), builtAt: '2026-01-01' };
const wanted = { backend: 'cpu' as const, llamaCppCommit: 'a'.repeat(40), cmakeFlags: cmakeFlags('cpu', { portable: false }) };

describe('rebuildReason', () => {
  it('is null (no-op) when commit, backend and flags match and the binary is there', () => {
    expect(rebuildReason({ recorded, binaryExecutable: true, wanted, force: false })).toBeNull();
  });
  it('names why a rebuild is needed', () => {
    expect(rebuildReason({ recorded, binaryExecutable: true, wanted, force: true })).toMatch(/forced/);
    expect(rebuildReason({ recorded, binaryExecutable: false, wanted, force: false })).toMatch(/no executable/);
    expect(rebuildReason({ recorded: null, binaryExecutable: true, wanted, force: false })).toMatch(/build.json/);
    expect(rebuildReason({ recorded, binaryExecutable: true, wanted: { ...wanted, llamaCppCommit: 'b'.repeat(40) }, force: false })).toMatch(/aaaaaaaa → bbbbbbbb/);
    expect(rebuildReason({ recorded, binaryExecutable: true, wanted: { ...wanted, cmakeFlags: cmakeFlags('cpu', { portable: true }) }, force: false })).toMatch(/flags/);
    expect(rebuildReason({ recorded: { ...recorded, backend: 'cuda' }, binaryExecutable: true, wanted, force: false })).toMatch(/cuda/);
  });
});

describe('cmakeFlags', () => {
  it('builds a self-contained server without downloading the web UI', () => {
    const flags = cmakeFlags('cpu', { portable: false });
    expect(flags).toEqual(expect.arrayContaining(['-DBUILD_SHARED_LIBS=OFF', '-DLLAMA_USE_PREBUILT_UI=OFF', '-DLLAMA_BUILD_UI=OFF', '-DGGML_NATIVE=ON']));
    expect(flags.some((flag) => flag.startsWith('-DGGML_CUDA'))).toBe(false);
  });
  it('adds the GPU switch per backend and NATIVE=OFF when portable', () => {
    expect(cmakeFlags('cuda', { portable: false })).toContain('-DGGML_CUDA=ON');
    expect(cmakeFlags('vulkan', { portable: false })).toContain('-DGGML_VULKAN=ON');
    expect(cmakeFlags('opencl', { portable: true })).toEqual(expect.arrayContaining(['-DGGML_OPENCL=ON', '-DGGML_NATIVE=OFF']));
  });
});
