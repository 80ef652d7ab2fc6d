// Before a build, check that its toolchain is there, so the user gets one clear
// line instead of a page of cmake errors. The probe is passed in so the rules
// are tested without the toolkits installed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BackendKind } from '@shared/contract';

export interface ToolProbe {
  /** true when `command ...args` starts and exits 0 */
  runs(command: string, args: readonly string[]): boolean;
  exists(path: string): boolean;
  /** a text file's content, null when it cannot be read */
  read(path: string): string | null;
  /** true when this glslc compiles this compute shader */
  glslcCompiles(glslc: string, shader: string): boolean;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

/** ok with extra environment for cmake (e.g. CUDACXX when nvcc is off PATH), or the one-line reason it cannot build. */
export type ToolkitCheck = { ok: true; env: Record<string, string> } | { ok: false; message: string };

export function systemProbe(): ToolProbe {
  return {
    runs(command, args) {
      try {
        execFileSync(command, args, { stdio: 'ignore', timeout: 15_000, windowsHide: true });
        return true;
      } catch {
        return false;
      }
    },
    exists: existsSync,
    read(path) {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return null;
      }
    },
    glslcCompiles(glslc, shader) {
      const dir = mkdtempSync(join(tmpdir(), 'eva-glslc-'));
      try {
        writeFileSync(join(dir, 'test.comp'), shader);
        execFileSync(
          glslc,
          ['-fshader-stage=compute', '--target-env=vulkan1.3', join(dir, 'test.comp'), '-o', join(dir, 'test.spv')],
          { stdio: 'ignore', timeout: 15_000, windowsHide: true },
        );
        return true;
      } catch {
        return false;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    env: process.env,
    platform: process.platform,
  };
}

const LIB_DIRS = [
  '/usr/lib',
  '/usr/lib64',
  '/usr/local/lib',
  '/usr/lib/x86_64-linux-gnu',
  '/usr/lib/aarch64-linux-gnu',
  '/opt/homebrew/lib',
];
const INCLUDE_DIRS = ['/usr/include', '/usr/local/include', '/opt/homebrew/include'];

export function checkToolkit(
  backend: BackendKind,
  options: { portable: boolean },
  probe: ToolProbe = systemProbe(),
): ToolkitCheck {
  if (!probe.runs('cmake', ['--version']))
    return fail(
      'cmake was not found on PATH (install CMake: apt-get install cmake, brew install cmake, or https://cmake.org/download)',
    );
  // On Windows cmake locates MSVC itself; elsewhere a missing compiler is the most common first-time failure.
  if (
    probe.platform !== 'win32' &&
    !probe.env.CXX &&
    !['c++', 'g++', 'clang++'].some((cxx) => probe.runs(cxx, ['--version']))
  ) {
    return fail('no C++ compiler was found (install build-essential, or the Xcode command line tools on macOS)');
  }
  switch (backend) {
    case 'cpu':
      return ok();
    case 'cuda':
      return checkCuda(options, probe);
    case 'vulkan':
      return checkVulkan(probe);
    case 'opencl':
      return checkOpenCl(probe);
  }
}

function checkCuda(options: { portable: boolean }, probe: ToolProbe): ToolkitCheck {
  const nvcc = findNvcc(probe);
  if (!nvcc)
    return fail(
      'the CUDA toolkit was not found (no nvcc on PATH, in $CUDA_PATH/bin or /usr/local/cuda/bin); install it from https://developer.nvidia.com/cuda-downloads or set CUDA_PATH',
    );
  // nvcc alone (a minimal or pip install) configures fine until ggml-cuda links cuBLAS; say so up front.
  const toolkitRoots = [
    probe.env.CUDA_PATH,
    dirname(dirname(nvcc.path)),
    '/usr/local/cuda',
    '/opt/cuda',
    '/usr',
  ].filter((root): root is string => Boolean(root));
  const includeDirs = toolkitRoots.flatMap((root) => [
    join(root, 'include'),
    join(root, 'targets', 'x86_64-linux', 'include'),
    join(root, 'targets', 'sbsa-linux', 'include'),
  ]);
  if (!includeDirs.some((dir) => probe.exists(join(dir, 'cublas_v2.h')))) {
    return fail(
      `the CUDA toolkit of ${nvcc.path} has no cuBLAS headers (cublas_v2.h); install the full toolkit (e.g. apt-get install cuda-toolkit, or libcublas-dev) or set CUDA_PATH to one`,
    );
  }
  // A native build compiles for the GPUs present; with none visible cmake stops with "no GPU detected".
  if (!options.portable && !probe.runs('nvidia-smi', ['-L'])) {
    return fail(
      'no NVIDIA GPU is visible (nvidia-smi -L failed), so a native CUDA build has nothing to target; add --portable to build for the common GPU architectures',
    );
  }
  return { ok: true, env: nvcc.env };
}

/** nvcc as cmake will find it: CUDACXX, then PATH; else a standard install location that cmake must be pointed at. */
function findNvcc(probe: ToolProbe): { path: string; env: Record<string, string> } | null {
  const exe = probe.platform === 'win32' ? 'nvcc.exe' : 'nvcc';
  const { CUDACXX, CUDA_PATH } = probe.env;
  if (CUDACXX && probe.exists(CUDACXX)) return { path: CUDACXX, env: {} };
  const pathDirs = (probe.env.PATH ?? probe.env.Path ?? '')
    .split(probe.platform === 'win32' ? ';' : ':')
    .filter(Boolean);
  const onPath = pathDirs.map((dir) => join(dir, exe)).find((path) => probe.exists(path));
  if (onPath) return { path: onPath, env: {} };
  const installed = [
    CUDA_PATH && join(CUDA_PATH, 'bin', exe),
    probe.platform === 'win32' ? undefined : '/usr/local/cuda/bin/nvcc',
  ].find((path): path is string => Boolean(path && probe.exists(path)));
  // cmake looks for nvcc on PATH only; point it at the toolkit we found.
  return installed ? { path: installed, env: { CUDACXX: installed } } : null;
}

/**
 * The pinned llama.cpp compiles some of its Vulkan shaders with cooperative matrices whatever glslc supports
 * (flash_attn_decode_phase_1 as fa_decode_ph1_cm1), so a glslc that does not know the extension fails the
 * build a few minutes in with "'coopmat' : undeclared identifier". Seen with Debian 12's glslc (shaderc 2023.2).
 */
export const COOPMAT_TEST_SHADER = '#version 450\n#extension GL_KHR_cooperative_matrix : require\nvoid main() {}\n';

/**
 * The oldest Vulkan headers the pinned llama.cpp's ggml-vulkan.cpp compiles with: it uses VK_EXT_layer_settings
 * (header 272) and VK_KHR_cooperative_matrix (255) unguarded. Found by checking every symbol it uses against each
 * Vulkan-Headers release; Debian 12's libvulkan-dev (239) failed with "'LayerSettingEXT' is not a member of 'vk'".
 */
export const MIN_VULKAN_HEADER = 272;

function checkVulkan(probe: ToolProbe): ToolkitCheck {
  const sdk = probe.env.VULKAN_SDK;
  const sdkGlslc = sdk ? join(sdk, 'bin', probe.platform === 'win32' ? 'glslc.exe' : 'glslc') : null;
  // cmake takes the SDK's glslc when VULKAN_SDK is set, else the one on PATH.
  const glslc = sdkGlslc && probe.exists(sdkGlslc) ? sdkGlslc : probe.runs('glslc', ['--version']) ? 'glslc' : null;
  const headersAndLoader =
    probe.runs('pkg-config', ['--exists', 'vulkan']) ||
    Boolean(sdk && probe.exists(sdk)) ||
    (hasHeader(probe, 'vulkan/vulkan.h') && hasLibrary(probe, 'vulkan'));
  if (!glslc || !headersAndLoader) {
    const missing = [!glslc && 'the glslc shader compiler', !headersAndLoader && 'the Vulkan headers and loader']
      .filter(Boolean)
      .join(' and ');
    return fail(
      `the Vulkan toolchain is incomplete (missing ${missing}): install the Vulkan SDK (https://vulkan.lunarg.com, sets VULKAN_SDK) or e.g. apt-get install libvulkan-dev glslc`,
    );
  }
  const header = vulkanHeaderVersion(probe);
  if (header !== null && header < MIN_VULKAN_HEADER) {
    return fail(
      `the Vulkan headers are 1.x.${header}, older than this llama.cpp needs (1.3.${MIN_VULKAN_HEADER} or later; Debian 12's libvulkan-dev is 1.3.239): ` +
        'install the Vulkan SDK (https://vulkan.lunarg.com, sets VULKAN_SDK) or newer Vulkan headers',
    );
  }
  if (!probe.glslcCompiles(glslc, COOPMAT_TEST_SHADER)) {
    return fail(
      `${glslc === 'glslc' ? 'the glslc on PATH' : glslc} is too old for this llama.cpp's Vulkan shaders (it does not know GL_KHR_cooperative_matrix; Debian 12's shaderc 2023.2 does not): ` +
        'install the Vulkan SDK (https://vulkan.lunarg.com, sets VULKAN_SDK) or a newer glslc',
    );
  }
  return ok();
}

/** VK_HEADER_VERSION of the headers cmake will use (the SDK's, else the system's); null when none is found. */
function vulkanHeaderVersion(probe: ToolProbe): number | null {
  const sdk = probe.env.VULKAN_SDK;
  const dirs = [...(sdk ? [join(sdk, 'include'), join(sdk, 'Include')] : []), ...INCLUDE_DIRS];
  for (const dir of dirs) {
    const text = probe.read(join(dir, 'vulkan', 'vulkan_core.h'));
    const version = text === null ? null : /^#define VK_HEADER_VERSION (\d+)/m.exec(text);
    if (version) return Number(version[1]);
  }
  return null;
}

function checkOpenCl(probe: ToolProbe): ToolkitCheck {
  const { OCL_ROOT, OpenCL_ROOT } = probe.env;
  const found =
    probe.runs('pkg-config', ['--exists', 'OpenCL']) ||
    Boolean((OCL_ROOT && probe.exists(OCL_ROOT)) || (OpenCL_ROOT && probe.exists(OpenCL_ROOT))) ||
    (hasHeader(probe, 'CL/cl.h') && hasLibrary(probe, 'OpenCL'));
  if (found) return ok();
  return fail(
    'the OpenCL headers and ICD loader were not found: e.g. apt-get install opencl-headers ocl-icd-opencl-dev, or set OCL_ROOT to an OpenCL SDK',
  );
}

function hasHeader(probe: ToolProbe, header: string): boolean {
  return INCLUDE_DIRS.some((dir) => probe.exists(join(dir, header)));
}

/** The link-time library (libX.so / libX.dylib), which only the -dev package installs. */
function hasLibrary(probe: ToolProbe, name: string): boolean {
  return LIB_DIRS.some(
    (dir) => probe.exists(join(dir, `lib${name}.so`)) || probe.exists(join(dir, `lib${name}.dylib`)),
  );
}

function ok(): ToolkitCheck {
  return { ok: true, env: {} };
}

function fail(message: string): ToolkitCheck {
  return { ok: false, message };
}
