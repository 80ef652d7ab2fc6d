// Before a GPU build, check its toolkit is there so the user gets one clear line
// instead of a page of cmake errors.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { BackendKind } from '../../src/shared/contract';

function has(command: string, args: string[] = ['--version']): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** null when the toolkit for this backend looks present, else what is missing. */
export function missingToolkit(backend: BackendKind, env: NodeJS.ProcessEnv = process.env): string | null {
  if (!has('cmake')) return 'cmake is not installed (apt-get install cmake, or https://cmake.org)';
  switch (backend) {
    case 'cpu':
      return null;
    case 'cuda':
      return has('nvcc') || (env.CUDA_PATH && existsSync(env.CUDA_PATH)) || existsSync('/usr/local/cuda/bin/nvcc')
        ? null
        : 'the CUDA toolkit (nvcc) was not found; install it or set CUDA_PATH';
    case 'vulkan':
      return has('glslc') && (has('pkg-config', ['--exists', 'vulkan']) || Boolean(env.VULKAN_SDK))
        ? null
        : 'the Vulkan SDK was not found (needs glslc and the vulkan headers/loader, e.g. apt-get install libvulkan-dev glslc)';
    case 'opencl':
      return existsSync('/usr/include/CL/cl.h') || Boolean(env.OPENCL_SDK) || has('pkg-config', ['--exists', 'OpenCL'])
        ? null
        : 'OpenCL headers and ICD loader were not found (e.g. apt-get install ocl-icd-opencl-dev opencl-headers)';
  }
}
