// What to install into the conversion's environment, and what pip says while
// it installs. Pure.
//
// torch: PyPI's Linux and Windows wheels bundle CUDA (several GB, and the
// conversion never uses a GPU); PyTorch's own CPU index offers the same
// versions as `2.x.y+cpu` (≈ 200 MB). pip takes the highest version among all
// indexes, and a `+cpu` local version only wins where the CPU index is asked and
// has the newest release, so the version is chosen here: the highest `+cpu`
// any configured index offers (`pip index versions torch`), else plain torch.

/**
 * What convert_hf_to_gguf.py imports for every model (torch 2: older ones lack torch.float8_e4m3fn), tokenizer.model
 * support, and what the script's helpers import.
 */
export const CONVERT_PACKAGES = [
  'numpy',
  'sentencepiece',
  'transformers',
  'pyyaml',
  'tqdm',
  'requests',
  'safetensors',
  'protobuf',
] as const;

/** The module each package is checked by once installed. */
export const CHECK_IMPORTS = [
  'torch',
  'numpy',
  'sentencepiece',
  'transformers',
  'yaml',
  'tqdm',
  'requests',
  'safetensors',
  'google.protobuf',
] as const;

/** PyTorch's CPU-only wheels: offered where PyPI's torch is the CUDA build. */
export const TORCH_CPU_INDEX = 'https://download.pytorch.org/whl/cpu';

export function torchCpuIndexFor(platform: NodeJS.Platform): string | null {
  return platform === 'linux' || platform === 'win32' ? TORCH_CPU_INDEX : null;
}

const FALLBACK_TORCH = 'torch>=2.1';

/** The torch requirement to install, from `pip index versions torch`'s output (empty or odd output: any torch 2). */
export function chooseTorch(indexOutput: string): string {
  const listed = /Available versions:\s*(.+)/.exec(indexOutput)?.[1] ?? '';
  const cpu = listed
    .split(',')
    .map((text) => text.trim())
    .map((text) => ({ text, parts: /^(\d+)\.(\d+)(?:\.(\d+))?\+cpu$/.exec(text) }))
    .filter((entry) => entry.parts !== null && Number(entry.parts[1]) >= 2)
    .map((entry) => ({ text: entry.text, key: [1, 2, 3].map((i) => Number(entry.parts?.[i] ?? 0)) }))
    .sort((a, b) => b.key[0]! - a.key[0]! || b.key[1]! - a.key[1]! || b.key[2]! - a.key[2]!);
  return cpu[0] ? `torch==${cpu[0].text}` : FALLBACK_TORCH;
}

/** The package a pip output line is working on, for the progress line; null for other lines. */
export function pipActivity(line: string): string | null {
  const collecting = /^\s*Collecting (\S+)/.exec(line);
  if (collecting) return collecting[1]!.replace(/[<>=!~;[].*$/, '');
  // "Processing /opt/wheels/torch-2.13.0+cpu-cp311-….whl", "Downloading torch-2.5.1%2Bcpu-….whl (174.7 MB)"
  const file = /^\s*(?:Processing|Downloading) (?:\S*[\\/])?([A-Za-z0-9_.]+?)-\d/.exec(line);
  if (file) return file[1]!;
  if (/^\s*Installing collected packages:/.test(line)) return 'installing';
  return null;
}

/** pip's last ERROR line, for a failure's message. */
export function pipError(lines: readonly string[]): string | null {
  return lines.findLast((line) => /^ERROR:/.test(line.trim()))?.trim() ?? null;
}
