// What makes a folder convertible, by the rules convert_hf_to_gguf.py itself
// follows (its conversion/base.py): the architecture is config.json's
// architectures[0], or text_config's where it has its own; the weights are the
// files named model*.safetensors, else pytorch_model*.bin, and where an
// index.json lists the parts, every listed part; a tokenizer is tokenizer.model
// (SentencePiece), tokenizer.json, vocab.json with merges.txt, vocab.txt or a
// tiktoken file. Pure: the reader (hf-folder.ts) brings the listing.
import type { HfFolderCheck, HfFolderCode, HfFolderProblem } from '@shared/workshop/convert-types';

/** The architecture the script will look up for a text model, or null when the config names none. */
export function architectureOf(config: unknown): string | null {
  if (typeof config !== 'object' || config === null) return null;
  const hparams = config as {
    architectures?: unknown;
    text_config?: { architectures?: unknown };
    ssm_cfg?: { layer?: unknown };
  };
  const first = (list: unknown) =>
    Array.isArray(list) && typeof list[0] === 'string' && list[0] !== '' ? list[0] : null;
  const fromText = first(hparams.text_config?.architectures);
  if (fromText) return fromText;
  const top = first(hparams.architectures);
  if (top) return top;
  // Mamba checkpoints from outside transformers: the script derives the name the same way.
  if (typeof hparams.ssm_cfg === 'object' && hparams.ssm_cfg !== null)
    return `${typeof hparams.ssm_cfg.layer === 'string' ? hparams.ssm_cfg.layer : 'Mamba'}ForCausalLM`;
  return null;
}

/** The weight files the script reads, in its order, and the parts an index lists that are not there. */
export function weightFilesOf(
  names: readonly string[],
  index: { safetensors: unknown; pytorch: unknown },
): { format: 'safetensors' | 'pytorch' | null; files: string[]; missing: string[] } {
  const pick = (prefix: string, suffix: string) =>
    names.filter((name) => name.startsWith(prefix) && name.endsWith(suffix)).sort();
  const safetensors = pick('model', '.safetensors');
  const format = safetensors.length > 0 ? 'safetensors' : pick('pytorch_model', '.bin').length > 0 ? 'pytorch' : null;
  if (format === null) return { format, files: [], missing: [] };
  const listed = indexParts(format === 'safetensors' ? index.safetensors : index.pytorch);
  const files = listed ?? (format === 'safetensors' ? safetensors : pick('pytorch_model', '.bin'));
  const present = new Set(names);
  return { format, files, missing: files.filter((file) => !present.has(file)) };
}

/** The parts a model*.index.json's weight_map names, or null without a usable one. */
function indexParts(index: unknown): string[] | null {
  const map = (index as { weight_map?: unknown } | null)?.weight_map;
  if (typeof map !== 'object' || map === null) return null;
  return [...new Set(Object.values(map).filter((value): value is string => typeof value === 'string'))].sort();
}

const TOKENIZER_FILES = [
  'tokenizer.model',
  'tokenizer.json',
  'vocab.json',
  'merges.txt',
  'vocab.txt',
  'spiece.model',
  'tokenizer_config.json',
];

/** The tokenizer files present; the list is empty (a problem) unless one of them can build a vocabulary. */
export function tokenizerFilesOf(names: readonly string[]): string[] {
  const found = names.filter((name) => TOKENIZER_FILES.includes(name) || name.endsWith('.tiktoken')).sort();
  const usable = found.some((name) => name !== 'tokenizer_config.json' && name !== 'merges.txt');
  return usable ? found : [];
}

/**
 * The model's name for file names: the folder's, or the repo's for a hub cache snapshot
 * (models--org--name/snapshots/<hash>).
 */
export function modelNameOf(folderPath: string): string {
  const parts = folderPath.split(/[\\/]+/).filter(Boolean);
  const last = parts.at(-1) ?? 'model';
  if (/^[0-9a-f]{40}$/i.test(last) && parts.at(-2) === 'snapshots') {
    const repo = /^models--[^-].*?--(.+)$/.exec(parts.at(-3) ?? '')?.[1];
    if (repo) return repo;
  }
  return last;
}

/** The facts a reader gathered about a folder. */
export interface FolderFacts {
  path: string;
  exists: boolean;
  names: string[];
  /** config.json parsed; undefined: absent; null: present but not JSON */
  config: unknown;
  index: { safetensors: unknown; pytorch: unknown };
  /** per weight file: its size, and for safetensors what its header says */
  weights: Record<string, { bytes: number; parameters: number | null; problem: 'truncated' | 'invalid' | null }>;
  /** the script's architectures; null when unknown */
  supported: ReadonlySet<string> | null;
  /** the Python the folder ships (folder-code.ts) */
  code: HfFolderCode;
}

export function judgeHfFolder(facts: FolderFacts): HfFolderCheck {
  const problems: HfFolderCheck['problems'] = [];
  const problem = (reason: HfFolderProblem, file: string | null = null) => problems.push({ reason, file });
  const architecture = architectureOf(facts.config);
  const weightFiles = weightFilesOf(facts.names, facts.index);
  const tokenizer = tokenizerFilesOf(facts.names);
  const supported = architecture === null || facts.supported === null ? null : facts.supported.has(architecture);
  if (!facts.exists) problem('folder_missing');
  else if (facts.config === undefined) problem('config_missing', 'config.json');
  else if (facts.config === null) problem('config_invalid', 'config.json');
  else if (architecture === null) problem('architecture_unknown', 'config.json');
  else if (supported === false) problem('architecture_unsupported', 'config.json');
  if (facts.exists) {
    if (weightFiles.format === null) problem('weights_missing');
    for (const file of weightFiles.missing) problem('weights_missing', file);
    for (const file of weightFiles.files) if (facts.weights[file]?.problem) problem('weights_truncated', file);
    if (tokenizer.length === 0) problem('tokenizer_missing');
  }
  const present = weightFiles.files.filter((file) => facts.weights[file]);
  const counts = present.map((file) => facts.weights[file]!.parameters);
  return {
    path: facts.path,
    name: modelNameOf(facts.path),
    architecture,
    supported,
    weights: {
      files: weightFiles.files,
      bytes: present.reduce((sum, file) => sum + facts.weights[file]!.bytes, 0),
      format: weightFiles.format,
      parameters:
        counts.length > 0 && counts.every((n) => n !== null) ? counts.reduce<number>((a, b) => a + (b ?? 0), 0) : null,
    },
    tokenizer,
    problems,
    code: facts.code,
  };
}

/**
 * The architectures the script converts as text models: the keys of TEXT_MODEL_MAP in its conversion/__init__.py; null
 * when the list is not found.
 */
export function parseTextModelMap(source: string): Set<string> | null {
  const block = /TEXT_MODEL_MAP[^=\n]*=\s*\{([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!block) return null;
  const names = [...block.matchAll(/^\s*["']([^"']+)["']\s*:/gm)].map((match) => match[1]!);
  return names.length > 0 ? new Set(names) : null;
}
