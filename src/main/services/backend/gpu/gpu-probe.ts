// Finds the GPUs and their memory by asking the tools that may be installed.
// Missing tools are normal (a laptop without NVIDIA has no nvidia-smi), so each
// one that fails or finds nothing just hands over to the next.
import type { GpuInfo } from '@shared/contract';
import { parseClinfo, parseListDevices, parseNvidiaSmi, parseVulkanInfoSummary } from './gpu-probe-parse';
import type { ToolResult } from './run-tool';

export interface GpuProbeDeps {
  run(cmd: string, args: string[], timeoutMs: number): Promise<ToolResult>;
}

interface Source {
  cmd: string;
  args: string[];
  timeoutMs: number;
  parse(stdout: string): GpuInfo[];
}

// Starting a GPU backend can take several seconds the first time (driver and kernel caches).
const LIST_DEVICES_TIMEOUT_MS = 20_000;
const TOOL_TIMEOUT_MS = 8_000;

/**
 * The GPUs, asking in order of how much each source knows: the backend's own
 * `--list-devices` (exactly what llama.cpp will see, with free memory),
 * nvidia-smi (free memory), clinfo (total memory only), vulkaninfo (names
 * only). Stops at the first answer with free memory; otherwise returns the
 * most informative answer found. Never throws; [] when nothing is found.
 */
export async function probeGpus(deps: GpuProbeDeps, serverPath?: string): Promise<GpuInfo[]> {
  const sources: Source[] = [
    ...(serverPath
      ? [{ cmd: serverPath, args: ['--list-devices'], timeoutMs: LIST_DEVICES_TIMEOUT_MS, parse: parseListDevices }]
      : []),
    {
      cmd: 'nvidia-smi',
      args: ['--query-gpu=name,memory.total,memory.free', '--format=csv,noheader,nounits'],
      timeoutMs: TOOL_TIMEOUT_MS,
      parse: parseNvidiaSmi,
    },
    { cmd: 'clinfo', args: [], timeoutMs: TOOL_TIMEOUT_MS, parse: parseClinfo },
    { cmd: 'vulkaninfo', args: ['--summary'], timeoutMs: TOOL_TIMEOUT_MS, parse: parseVulkanInfoSummary },
  ];
  let best: GpuInfo[] = [];
  for (const source of sources) {
    const gpus = await ask(deps, source);
    if (knowledge(gpus) === FREE_KNOWN) return gpus;
    if (knowledge(gpus) > knowledge(best)) best = gpus;
  }
  return best;
}

const NOTHING = 0;
const NAMES_ONLY = 1;
const TOTAL_KNOWN = 2;
const FREE_KNOWN = 3;

function knowledge(gpus: GpuInfo[]): number {
  if (gpus.length === 0) return NOTHING;
  if (gpus.some((gpu) => gpu.freeMiB !== null)) return FREE_KNOWN;
  if (gpus.some((gpu) => gpu.totalMiB !== null)) return TOTAL_KNOWN;
  return NAMES_ONLY;
}

async function ask(deps: GpuProbeDeps, source: Source): Promise<GpuInfo[]> {
  try {
    const result = await deps.run(source.cmd, source.args, source.timeoutMs);
    return result.ok ? source.parse(result.stdout) : [];
  } catch {
    return [];
  }
}
