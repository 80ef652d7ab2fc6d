import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseClinfo, parseListDevices, parseNvidiaSmi, parseVulkanInfoSummary } from './gpu-probe-parse';

describe('parseNvidiaSmi', () => {
  it('reads one line per GPU', () => {
    expect(parseNvidiaSmi('NVIDIA GeForce RTX 4090, 24564, 23012\nNVIDIA GeForce RTX 3060, 12288, 11870\n')).toEqual([
      { name: 'NVIDIA GeForce RTX 4090', totalMiB: 24564, freeMiB: 23012, source: 'nvidia-smi' },
      { name: 'NVIDIA GeForce RTX 3060', totalMiB: 12288, freeMiB: 11870, source: 'nvidia-smi' },
    ]);
  });

  it('copes with Windows line endings and blank lines', () => {
    expect(parseNvidiaSmi('\r\nNVIDIA RTX A6000, 49140, 48500\r\n\r\n')).toEqual([
      { name: 'NVIDIA RTX A6000', totalMiB: 49140, freeMiB: 48500, source: 'nvidia-smi' },
    ]);
  });

  it('turns [N/A] and [Not Supported] into null', () => {
    expect(parseNvidiaSmi('NVIDIA A100-SXM4-40GB MIG 1g.5gb, [N/A], [Not Supported]')).toEqual([
      { name: 'NVIDIA A100-SXM4-40GB MIG 1g.5gb', totalMiB: null, freeMiB: null, source: 'nvidia-smi' },
    ]);
  });

  it('keeps a comma inside the name', () => {
    expect(parseNvidiaSmi('Odd, Name GPU, 8192, 8000')).toEqual([
      { name: 'Odd, Name GPU', totalMiB: 8192, freeMiB: 8000, source: 'nvidia-smi' },
    ]);
  });

  it('returns nothing for the driver failure message or empty output', () => {
    expect(
      parseNvidiaSmi(
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.\n",
      ),
    ).toEqual([]);
    expect(parseNvidiaSmi('No devices were found')).toEqual([]);
    expect(parseNvidiaSmi('')).toEqual([]);
  });
});

const VULKANINFO_SUMMARY = `==========
VULKANINFO
==========

Vulkan Instance Version: 1.3.275


Instance Extensions: count = 24
-------------------------------
VK_EXT_debug_report                    : extension revision 10
VK_KHR_surface                         : extension revision 25

Instance Layers: count = 2
--------------------------
VK_LAYER_MESA_device_select Linux device selection layer 1.3.211  version 1
VK_LAYER_NV_optimus         NVIDIA Optimus layer         1.3.277  version 1

Devices:
========
GPU0:
\tapiVersion         = 1.3.277
\tdriverVersion      = 550.54.14.0
\tvendorID           = 0x10de
\tdeviceID           = 0x2684
\tdeviceType         = PHYSICAL_DEVICE_TYPE_DISCRETE_GPU
\tdeviceName         = NVIDIA GeForce RTX 4090
\tdriverID           = DRIVER_ID_NVIDIA_PROPRIETARY
\tdriverName         = NVIDIA
\tdriverInfo         = 550.54.14
\tconformanceVersion = 1.3.7.1
\tdeviceUUID         = 75219daa-2fe9-cefe-4994-1a598657b01f
\tdriverUUID         = 12adfef6-a92a-528b-8610-45df7fa0a5b8
GPU1:
\tapiVersion         = 1.3.274
\tdriverVersion      = 24.0.5
\tvendorID           = 0x8086
\tdeviceID           = 0xa780
\tdeviceType         = PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU
\tdeviceName         = Intel(R) Graphics (RPL-S)
\tdriverID           = DRIVER_ID_INTEL_OPEN_SOURCE_MESA
\tdriverName         = Intel open-source Mesa driver
\tdriverInfo         = Mesa 24.0.5
\tconformanceVersion = 1.3.6.0
\tdeviceUUID         = 868088a7-0400-0000-0002-000000000000
\tdriverUUID         = 032fbbbb-ddee-3516-8477-c17071969177
GPU2:
\tapiVersion         = 1.3.274
\tdriverVersion      = 0.0.1
\tvendorID           = 0x10005
\tdeviceID           = 0x0000
\tdeviceType         = PHYSICAL_DEVICE_TYPE_CPU
\tdeviceName         = llvmpipe (LLVM 17.0.6, 256 bits)
\tdriverID           = DRIVER_ID_MESA_LLVMPIPE
\tdriverName         = llvmpipe
\tdeviceUUID         = 6d657361-3234-2e30-2e35-000000000000
`;

describe('parseVulkanInfoSummary', () => {
  it('lists the GPUs, without memory, and leaves out llvmpipe', () => {
    expect(parseVulkanInfoSummary(VULKANINFO_SUMMARY)).toEqual([
      { name: 'NVIDIA GeForce RTX 4090', totalMiB: null, freeMiB: null, source: 'vulkaninfo' },
      { name: 'Intel(R) Graphics (RPL-S)', totalMiB: null, freeMiB: null, source: 'vulkaninfo' },
    ]);
  });

  it('copes with CRLF and space indentation (Windows)', () => {
    const windows = VULKANINFO_SUMMARY.replaceAll('\t', '        ').replaceAll('\n', '\r\n');
    expect(parseVulkanInfoSummary(windows).map((gpu) => gpu.name)).toEqual([
      'NVIDIA GeForce RTX 4090',
      'Intel(R) Graphics (RPL-S)',
    ]);
  });

  it('leaves out a CPU type even with an unfamiliar name, and lavapipe by name', () => {
    const text = `Devices:\n========\nGPU0:\n\tdeviceType = PHYSICAL_DEVICE_TYPE_CPU\n\tdeviceName = SomeSoftRenderer\nGPU1:\n\tdeviceType = PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU\n\tdeviceName = lavapipe\nGPU2:\n\tdeviceType = PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU\n\tdeviceName = Apple M2 Max\n`;
    expect(parseVulkanInfoSummary(text)).toEqual([
      { name: 'Apple M2 Max', totalMiB: null, freeMiB: null, source: 'vulkaninfo' },
    ]);
  });

  it('lists one GPU seen through two drivers once, but two identical GPUs twice', () => {
    const device = (index: number, driver: string) =>
      `GPU${index}:\n\tdeviceType = PHYSICAL_DEVICE_TYPE_DISCRETE_GPU\n\tdeviceName = AMD Radeon RX 7900 XTX\n\tdriverName = ${driver}\n\tdeviceUUID = 00000000-0300-0000-0000-000000000000\n`;
    const text = `Devices:\n========\n${device(0, 'radv')}${device(1, 'AMD open-source driver')}`;
    expect(parseVulkanInfoSummary(text)).toHaveLength(1);
    const twins = `Devices:\n========\nGPU0:\n\tdeviceName = NVIDIA GeForce RTX 3090\n\tdeviceUUID = 1111\nGPU1:\n\tdeviceName = NVIDIA GeForce RTX 3090\n\tdeviceUUID = 2222\n`;
    expect(parseVulkanInfoSummary(twins)).toHaveLength(2);
  });

  it('ignores deviceName-like lines outside the Devices section, and empty or failed output', () => {
    expect(parseVulkanInfoSummary('deviceName = Not a device\n')).toEqual([]);
    expect(parseVulkanInfoSummary('')).toEqual([]);
    expect(
      parseVulkanInfoSummary(
        'ERROR: [Loader Message] Code 0 : vkCreateInstance: Found no drivers!\nCannot create Vulkan instance.\n',
      ),
    ).toEqual([]);
  });
});

const CLINFO = `Number of platforms                               2
  Platform Name                                   NVIDIA CUDA
  Platform Vendor                                 NVIDIA Corporation
  Platform Version                                OpenCL 3.0 CUDA 12.4.131
  Platform Profile                                FULL_PROFILE
  Platform Name                                   Portable Computing Language
  Platform Vendor                                 The pocl project
  Platform Version                                OpenCL 3.0 PoCL 5.0+debian  Linux, None+Asserts, RELOC, SPIR, LLVM 16.0.6, SLEEF, DISTRO, POCL_DEBUG

  Platform Name                                   NVIDIA CUDA
Number of devices                                 1
  Device Name                                     NVIDIA GeForce RTX 3060
  Device Vendor                                   NVIDIA Corporation
  Device Vendor ID                                0x10de
  Device Version                                  OpenCL 3.0 CUDA
  Driver Version                                  550.54.14
  Device OpenCL C Version                         OpenCL C 1.2
  Device Type                                     GPU
  Device Topology (NV)                            PCI-E, 0000:01:00.0
  Max compute units                               28
  Global memory size                              12630294528 (11.76GiB)
  Error Correction support                        No
  Max memory allocation                           3157573632 (2.941GiB)

  Platform Name                                   Portable Computing Language
Number of devices                                 1
  Device Name                                     pthread-13th Gen Intel(R) Core(TM) i7-13700K
  Device Vendor                                   GenuineIntel
  Device Type                                     CPU
  Global memory size                              30000000000 (27.94GiB)

NULL platform behavior
  clGetPlatformInfo(NULL, CL_PLATFORM_NAME, ...)  No platform
  clGetDeviceIDs(NULL, CL_DEVICE_TYPE_ALL, ...)   No platform
  clCreateContextFromType(NULL, CL_DEVICE_TYPE_GPU)  Success (1)
    Platform Name                                 NVIDIA CUDA
    Device Name                                   NVIDIA GeForce RTX 3060

ICD loader properties
  ICD loader Name                                 OpenCL ICD Loader
`;

describe('parseClinfo', () => {
  it('reads GPU names and total memory from the detailed output, skipping CPU devices and the trailing sections', () => {
    expect(parseClinfo(CLINFO)).toEqual([
      { name: 'NVIDIA GeForce RTX 3060', totalMiB: 12045, freeMiB: null, source: 'clinfo' },
    ]);
  });

  it('prefers the AMD board name over the chip name', () => {
    const amd = `  Device Name                                     gfx1030
  Device Vendor                                   Advanced Micro Devices, Inc.
  Device Board Name (AMD)                         AMD Radeon RX 6800 XT
  Device Type                                     GPU
  Global memory size                              17163091968 (15.98GiB)
`;
    expect(parseClinfo(amd)).toEqual([
      { name: 'AMD Radeon RX 6800 XT', totalMiB: 16368, freeMiB: null, source: 'clinfo' },
    ]);
  });

  it('reads the short -l tree, without memory, skipping CPU runtimes by name', () => {
    const list = `Platform #0: Intel(R) OpenCL Graphics
 \`-- Device #0: Intel(R) Arc(TM) A770 Graphics
Platform #1: Intel(R) OpenCL
 \`-- Device #0: 13th Gen Intel(R) Core(TM) i7-13700K CPU @ 3.40GHz
Platform #2: Portable Computing Language
 \`-- Device #0: cpu-haswell-AMD Ryzen 9 5950X 16-Core Processor
Platform #3: AMD Accelerated Parallel Processing
 +-- Device #0: AMD Radeon RX 7900 XTX
 \`-- Device #1: AMD Radeon RX 7600
`;
    expect(parseClinfo(list)).toEqual([
      { name: 'Intel(R) Arc(TM) A770 Graphics', totalMiB: null, freeMiB: null, source: 'clinfo' },
      { name: 'AMD Radeon RX 7900 XTX', totalMiB: null, freeMiB: null, source: 'clinfo' },
      { name: 'AMD Radeon RX 7600', totalMiB: null, freeMiB: null, source: 'clinfo' },
    ]);
  });

  it('returns nothing when there are no platforms', () => {
    expect(parseClinfo('Number of platforms                               0\n')).toEqual([]);
    expect(parseClinfo('')).toEqual([]);
  });
});

describe('parseListDevices', () => {
  it('reads the device lines of llama-server --list-devices', () => {
    const text = `ggml_cuda_init: found 2 CUDA devices (Total VRAM: 36368 MiB):
  Device 0: NVIDIA GeForce RTX 4090, compute capability 8.9, VMM: yes, VRAM: 24080 MiB
  Device 1: NVIDIA GeForce RTX 3060, compute capability 8.6, VMM: yes, VRAM: 12288 MiB
Available devices:
  CUDA0: NVIDIA GeForce RTX 4090 (24080 MiB, 23500 MiB free)
  CUDA1: NVIDIA GeForce RTX 3060 (12288 MiB, 11800 MiB free)
`;
    expect(parseListDevices(text)).toEqual([
      { name: 'NVIDIA GeForce RTX 4090', totalMiB: 24080, freeMiB: 23500, source: 'list-devices' },
      { name: 'NVIDIA GeForce RTX 3060', totalMiB: 12288, freeMiB: 11800, source: 'list-devices' },
    ]);
  });

  it('reads what a real CUDA build said on an H200 (the device machine, this llama.cpp)', () => {
    expect(parseListDevices(readFileSync(join(__dirname, 'fixtures', 'cuda-h200-list-devices.txt'), 'utf8'))).toEqual([
      { name: 'NVIDIA H200', totalMiB: 143155, freeMiB: 142629, source: 'list-devices' },
    ]);
  });

  it('keeps parentheses that belong to the description', () => {
    expect(
      parseListDevices(
        'Available devices:\r\n  Vulkan0: AMD Radeon RX 7900 XTX (RADV NAVI31) (24560 MiB, 24000 MiB free)\r\n',
      ),
    ).toEqual([
      { name: 'AMD Radeon RX 7900 XTX (RADV NAVI31)', totalMiB: 24560, freeMiB: 24000, source: 'list-devices' },
    ]);
  });

  it('treats 0 MiB as unknown', () => {
    expect(parseListDevices('  GPUOpenCL: QUALCOMM Adreno(TM) 740 (0 MiB, 0 MiB free)')).toEqual([
      { name: 'QUALCOMM Adreno(TM) 740', totalMiB: null, freeMiB: null, source: 'list-devices' },
    ]);
  });

  it('returns nothing for "(none)" and ignores log lines', () => {
    expect(
      parseListDevices('0.00.000.404 I srv  llama_server: initializing ...\nAvailable devices:\n  (none)\n'),
    ).toEqual([]);
    expect(parseListDevices('')).toEqual([]);
  });
});
