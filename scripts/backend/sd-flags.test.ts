import { describe, expect, it } from 'vitest';
import { sdCmakeFlags } from './sd-flags';

describe('sdCmakeFlags', () => {
  it('builds a static sd-cli without the WebP/WebM submodules a source without network lacks', () => {
    const flags = sdCmakeFlags('cpu', { portable: false });
    expect(flags).toEqual(
      expect.arrayContaining([
        '-DBUILD_SHARED_LIBS=OFF',
        '-DSD_BUILD_SHARED_LIBS=OFF',
        '-DSD_WEBP=OFF',
        '-DSD_WEBM=OFF',
        '-DGGML_NATIVE=ON',
      ]),
    );
    expect(flags.some((flag) => flag.startsWith('-DSD_CUDA'))).toBe(false);
  });

  it('turns the GPU backends on through sd.cpp’s own switches, and honours --portable', () => {
    expect(sdCmakeFlags('cuda', { portable: true })).toEqual(
      expect.arrayContaining(['-DSD_CUDA=ON', '-DGGML_NATIVE=OFF']),
    );
    expect(sdCmakeFlags('vulkan', { portable: false })).toContain('-DSD_VULKAN=ON');
    expect(sdCmakeFlags('opencl', { portable: false })).toContain('-DSD_OPENCL=ON');
  });
});
