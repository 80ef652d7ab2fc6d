import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkToolkit, COOPMAT_TEST_SHADER, MIN_VULKAN_HEADER, systemProbe, type ToolProbe } from './toolkit-check';

/** A machine with exactly these commands and files. */
function machine(
  commands: string[],
  paths: string[] = [],
  env: NodeJS.ProcessEnv = {},
  platform: NodeJS.Platform = 'linux',
  oldGlslc: string | null = null,
  files: Record<string, string> = {},
): ToolProbe {
  return {
    runs: (command, args) => commands.includes(command) || commands.includes(`${command} ${args.join(' ')}`),
    exists: (path) => paths.includes(path) || path in files,
    read: (path) => files[path] ?? null,
    glslcCompiles: (glslc, shader) => glslc !== oldGlslc && shader === COOPMAT_TEST_SHADER,
    env,
    platform,
  };
}

const base = ['cmake', 'c++'];
const native = { portable: false };

describe('checkToolkit', () => {
  it('needs cmake and a C++ compiler for every backend', () => {
    expect(checkToolkit('cpu', native, machine(base))).toEqual({ ok: true, env: {} });
    expect(checkToolkit('cpu', native, machine(['c++']))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/cmake/),
    });
    expect(checkToolkit('cpu', native, machine(['cmake']))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/C\+\+ compiler/),
    });
    expect(checkToolkit('cpu', native, machine(['cmake'], [], { CXX: 'clang++-18' })).ok).toBe(true);
    expect(checkToolkit('cpu', native, machine(['cmake'], [], {}, 'win32')).ok).toBe(true);
  });

  it('finds nvcc on PATH, through CUDACXX, CUDA_PATH or /usr/local/cuda, and tells cmake where', () => {
    const gpu = [...base, 'nvidia-smi -L'];
    const cublas = '/usr/local/cuda/include/cublas_v2.h';
    expect(
      checkToolkit(
        'cuda',
        native,
        machine(gpu, ['/opt/nv/bin/nvcc', '/opt/nv/include/cublas_v2.h'], { PATH: '/usr/bin:/opt/nv/bin' }),
      ),
    ).toEqual({ ok: true, env: {} });
    expect(
      checkToolkit(
        'cuda',
        native,
        machine(gpu, ['/opt/cuda/bin/nvcc', '/opt/cuda/include/cublas_v2.h'], { CUDACXX: '/opt/cuda/bin/nvcc' }),
      ),
    ).toEqual({ ok: true, env: {} });
    expect(
      checkToolkit(
        'cuda',
        native,
        machine(gpu, ['/opt/cuda-12/bin/nvcc', '/opt/cuda-12/targets/x86_64-linux/include/cublas_v2.h'], {
          CUDA_PATH: '/opt/cuda-12',
        }),
      ),
    ).toEqual({ ok: true, env: { CUDACXX: '/opt/cuda-12/bin/nvcc' } });
    expect(checkToolkit('cuda', native, machine(gpu, ['/usr/local/cuda/bin/nvcc', cublas]))).toEqual({
      ok: true,
      env: { CUDACXX: '/usr/local/cuda/bin/nvcc' },
    });
    expect(checkToolkit('cuda', native, machine(gpu, [cublas], { PATH: '/usr/bin' }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/CUDA toolkit was not found/),
    });
  });

  it('refuses a toolkit without cuBLAS, which ggml-cuda links', () => {
    expect(
      checkToolkit(
        'cuda',
        native,
        machine([...base, 'nvidia-smi -L'], ['/usr/local/bin/nvcc'], { PATH: '/usr/local/bin' }),
      ),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/cuBLAS/) });
  });

  it('refuses a native CUDA build without a visible GPU, and points at --portable', () => {
    const toolkit = machine(base, ['/usr/local/cuda/bin/nvcc', '/usr/local/cuda/include/cublas_v2.h'], {
      PATH: '/usr/local/cuda/bin',
    });
    expect(checkToolkit('cuda', native, toolkit)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/--portable/),
    });
    expect(checkToolkit('cuda', { portable: true }, toolkit).ok).toBe(true);
  });

  it("refuses a glslc too old for the pinned llama.cpp's cooperative-matrix shaders, naming the one cmake would use", () => {
    const loader = 'pkg-config --exists vulkan';
    expect(checkToolkit('vulkan', native, machine([...base, 'glslc', loader], [], {}, 'linux', 'glslc'))).toMatchObject(
      { ok: false, message: expect.stringMatching(/^the glslc on PATH is too old .*GL_KHR_cooperative_matrix/) },
    );
    expect(
      checkToolkit(
        'vulkan',
        native,
        machine(
          [...base, 'glslc', loader],
          ['/sdk', '/sdk/bin/glslc'],
          { VULKAN_SDK: '/sdk' },
          'linux',
          '/sdk/bin/glslc',
        ),
      ),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/^\/sdk\/bin\/glslc is too old/) });
    // The SDK's glslc is the one cmake takes, even with an old one on PATH.
    expect(
      checkToolkit(
        'vulkan',
        native,
        machine([...base, 'glslc', loader], ['/sdk', '/sdk/bin/glslc'], { VULKAN_SDK: '/sdk' }, 'linux', 'glslc'),
      ).ok,
    ).toBe(true);
  });

  it("refuses Vulkan headers older than the pinned llama.cpp's, reading the SDK's first, then the system's", () => {
    const core = (version: number) =>
      `// Copyright\n#define VK_HEADER_VERSION ${version}\n#define VK_HEADER_VERSION_COMPLETE VK_MAKE_API_VERSION(0, 1, 3, VK_HEADER_VERSION)\n`;
    const vulkan = [...base, 'glslc', 'pkg-config --exists vulkan'];
    expect(
      checkToolkit(
        'vulkan',
        native,
        machine(vulkan, [], {}, 'linux', null, { '/usr/include/vulkan/vulkan_core.h': core(239) }),
      ),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^the Vulkan headers are 1\.x\.239, older than this llama\.cpp needs \(1\.3\.272 or later/,
      ),
    });
    expect(
      checkToolkit(
        'vulkan',
        native,
        machine(vulkan, [], {}, 'linux', null, { '/usr/include/vulkan/vulkan_core.h': core(MIN_VULKAN_HEADER) }),
      ).ok,
    ).toBe(true);
    const sdk = { '/sdk/include/vulkan/vulkan_core.h': core(309), '/usr/include/vulkan/vulkan_core.h': core(239) };
    expect(
      checkToolkit(
        'vulkan',
        native,
        machine(vulkan, ['/sdk', '/sdk/bin/glslc'], { VULKAN_SDK: '/sdk' }, 'linux', null, sdk),
      ).ok,
    ).toBe(true);
    // Headers it cannot find or read leave the question to cmake.
    expect(checkToolkit('vulkan', native, machine(vulkan)).ok).toBe(true);
  });

  it('the system probe reads a header file, and says null for one that is not there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eva-vkheader-test-'));
    writeFileSync(join(dir, 'vulkan_core.h'), '#define VK_HEADER_VERSION 309\n');
    expect(systemProbe().read(join(dir, 'vulkan_core.h'))).toBe('#define VK_HEADER_VERSION 309\n');
    expect(systemProbe().read(join(dir, 'missing.h'))).toBeNull();
  });

  it('the system probe hands the shader to the glslc named, in a file, and reads its exit (stand-in glslc scripts: CI has no glslc)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eva-glslc-test-'));
    // Called as: glslc -fshader-stage=compute --target-env=vulkan1.3 <file> -o <out>
    const knowing = join(dir, 'glslc-new');
    writeFileSync(knowing, '#!/bin/sh\ngrep -q "GL_KHR_cooperative_matrix" "$3" || exit 1\n', { mode: 0o755 });
    const old = join(dir, 'glslc-old');
    writeFileSync(
      old,
      '#!/bin/sh\necho "$3:2: error: \'#extension\' : extension not supported: GL_KHR_cooperative_matrix" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    const probe = systemProbe();
    expect(probe.glslcCompiles(knowing, COOPMAT_TEST_SHADER)).toBe(true);
    expect(probe.glslcCompiles(knowing, '#version 450\nvoid main() {}\n')).toBe(false);
    expect(probe.glslcCompiles(old, COOPMAT_TEST_SHADER)).toBe(false);
    expect(probe.glslcCompiles(join(dir, 'missing'), COOPMAT_TEST_SHADER)).toBe(false);
  });

  it('needs glslc and the Vulkan headers and loader', () => {
    expect(checkToolkit('vulkan', native, machine([...base, 'glslc', 'pkg-config --exists vulkan'])).ok).toBe(true);
    expect(
      checkToolkit(
        'vulkan',
        native,
        machine([...base, 'glslc'], ['/usr/include/vulkan/vulkan.h', '/usr/lib/x86_64-linux-gnu/libvulkan.so']),
      ).ok,
    ).toBe(true);
    expect(checkToolkit('vulkan', native, machine(base, ['/sdk', '/sdk/bin/glslc'], { VULKAN_SDK: '/sdk' })).ok).toBe(
      true,
    );
    expect(checkToolkit('vulkan', native, machine([...base, 'pkg-config --exists vulkan']))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/missing the glslc shader compiler\)/),
    });
    expect(checkToolkit('vulkan', native, machine([...base, 'glslc'], ['/usr/include/vulkan/vulkan.h']))).toMatchObject(
      { ok: false, message: expect.stringMatching(/headers and loader/) },
    );
  });

  it('needs the OpenCL headers and ICD loader', () => {
    expect(checkToolkit('opencl', native, machine([...base, 'pkg-config --exists OpenCL'])).ok).toBe(true);
    expect(
      checkToolkit('opencl', native, machine(base, ['/usr/include/CL/cl.h', '/usr/lib/x86_64-linux-gnu/libOpenCL.so']))
        .ok,
    ).toBe(true);
    expect(checkToolkit('opencl', native, machine(base, ['C:/ocl'], { OCL_ROOT: 'C:/ocl' })).ok).toBe(true);
    expect(checkToolkit('opencl', native, machine(base, ['/usr/include/CL/cl.h']))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/OpenCL/),
    });
  });
});
