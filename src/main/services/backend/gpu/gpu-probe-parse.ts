// Turns the text of GPU tools into GpuInfo. Pure and forgiving: tool output
// changes between versions and platforms, so a line that does not parse is
// skipped, never thrown on. CPU "devices" (llvmpipe, pocl) are left out: they
// would make EVA think it has a GPU to offload to.
import type { GpuInfo } from '@shared/contract';

const BYTES_PER_MiB = 1024 * 1024;

/** `nvidia-smi --query-gpu=name,memory.total,memory.free --format=csv,noheader,nounits` */
export function parseNvidiaSmi(csv: string): GpuInfo[] {
  const gpus: GpuInfo[] = [];
  for (const line of lines(csv)) {
    // The name comes first and could hold a comma; the two numbers are always last.
    const fields = line.split(',').map((field) => field.trim());
    if (fields.length < 3) continue;
    const free = fields.pop() as string;
    const total = fields.pop() as string;
    const name = fields.join(', ');
    if (!name || /^NVIDIA-SMI has failed|^No devices were found/i.test(line)) continue;
    gpus.push({ name, totalMiB: mibOrNull(total), freeMiB: mibOrNull(free), source: 'nvidia-smi' });
  }
  return gpus;
}

/** `vulkaninfo --summary`: names and types only, the summary has no memory figures. */
export function parseVulkanInfoSummary(text: string): GpuInfo[] {
  const devices: { name?: string; type?: string; uuid?: string }[] = [];
  let inDevices = false;
  for (const line of lines(text)) {
    if (/^Devices:\s*$/.test(line)) {
      inDevices = true;
      continue;
    }
    if (!inDevices) continue;
    if (/^GPU\d+:\s*$/.test(line)) {
      devices.push({});
      continue;
    }
    const current = devices.at(-1);
    const field = /^(deviceName|deviceType|deviceUUID)\s*=\s*(.*)$/.exec(line);
    if (!current || !field) continue;
    const value = (field[2] ?? '').trim();
    if (field[1] === 'deviceName') current.name = value;
    else if (field[1] === 'deviceType') current.type = value;
    else current.uuid = value;
  }

  const seen = new Set<string>();
  const gpus: GpuInfo[] = [];
  for (const device of devices) {
    if (!device.name || isCpuName(device.name) || /(?:^|_)CPU$/.test(device.type ?? '')) continue;
    // One GPU behind two drivers (radv and amdvlk, say) is listed twice with the same UUID.
    if (device.uuid) {
      if (seen.has(device.uuid)) continue;
      seen.add(device.uuid);
    }
    gpus.push({ name: device.name, totalMiB: null, freeMiB: null, source: 'vulkaninfo' });
  }
  return gpus;
}

/**
 * `clinfo` (default, detailed output) or `clinfo -l` (the short tree). OpenCL
 * reports total global memory, not free memory.
 */
export function parseClinfo(text: string): GpuInfo[] {
  const devices: { name: string; type?: string; totalMiB: number | null }[] = [];
  for (const line of lines(text)) {
    // The detailed output ends with sections that repeat device names for other purposes.
    if (/^(?:NULL platform behavior|ICD loader properties)/.test(line)) break;
    const short = /^[`|+\s-]*Device #\d+:\s*(.+)$/.exec(line);
    if (short?.[1]) {
      devices.push({ name: short[1].trim(), totalMiB: null });
      continue;
    }
    const name = /^Device Name\s{2,}(.+)$/.exec(line);
    if (name?.[1]) {
      devices.push({ name: name[1].trim(), totalMiB: null });
      continue;
    }
    const current = devices.at(-1);
    if (!current) continue;
    // AMD's "Device Name" is the chip ("gfx1030"); the board name is what people know.
    const board = /^Device Board Name \(AMD\)\s{2,}(.+)$/.exec(line);
    if (board?.[1]) current.name = board[1].trim();
    const type = /^Device Type\s{2,}(.+)$/.exec(line);
    if (type?.[1]) current.type = type[1].trim();
    const memory = /^Global memory size\s{2,}(\d+)/.exec(line);
    if (memory?.[1]) current.totalMiB = Math.floor(Number(memory[1]) / BYTES_PER_MiB);
  }
  return devices
    .filter((device) => !(device.type ?? '').split(/[\s,]+/).includes('CPU') && !isCpuName(device.name))
    .map((device) => ({
      name: device.name,
      totalMiB: device.totalMiB || null,
      freeMiB: null,
      source: 'clinfo' as const,
    }));
}

/**
 * `llama-server --list-devices` (common/arg.cpp, common_print_available_devices):
 *   Available devices:
 *     CUDA0: NVIDIA GeForce RTX 4090 (24080 MiB, 23500 MiB free)
 * CPU devices are not listed by llama.cpp itself. A backend that cannot tell reports 0 MiB, which means unknown.
 */
export function parseListDevices(text: string): GpuInfo[] {
  const gpus: GpuInfo[] = [];
  for (const line of lines(text)) {
    const match = /^\S+:\s+(.+?)\s+\((\d+) MiB, (\d+) MiB free\)$/.exec(line);
    if (!match?.[1]) continue;
    const total = Number(match[2]);
    const known = total > 0;
    gpus.push({
      name: match[1],
      totalMiB: known ? total : null,
      freeMiB: known ? Number(match[3]) : null,
      source: 'list-devices',
    });
  }
  return gpus;
}

/** Trimmed, non-empty lines, whatever the line endings. */
function lines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A whole non-negative number of MiB, or null for "[N/A]", "[Not Supported]" and the like. */
function mibOrNull(value: string): number | null {
  if (!/^\d+(?:\.\d+)?$/.test(value)) return null;
  return Math.floor(Number(value));
}

/** Software renderers and CPU OpenCL runtimes that present themselves as devices. */
function isCpuName(name: string): boolean {
  return /llvmpipe|lavapipe|softpipe|SwiftShader|^pthread-|^cpu-|\bCPU\b|\bProcessor\b/i.test(name);
}
