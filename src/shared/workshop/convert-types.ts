// What the workshop's Hugging Face → GGUF conversion says about a folder, the
// Python it runs on, a job and its end. convert_hf_to_gguf.py does the work.

/** The output types convert_hf_to_gguf.py writes (its --outtype), largest first. */
export const CONVERT_OUT_TYPES = ['f32', 'f16', 'bf16', 'q8_0'] as const;
export type ConvertOutType = (typeof CONVERT_OUT_TYPES)[number];

/** f16: lossless for the usual f16/bf16 weights, loads everywhere, and llama-quantize takes it as input. */
export const DEFAULT_CONVERT_OUT_TYPE: ConvertOutType = 'f16';

/**
 * Each output type with its bits per weight (for the size estimate) and the name llama-quantize and the quantize page
 * give it.
 */
export const CONVERT_OUT_TYPE_FACTS: Record<
  ConvertOutType,
  { bits: number; fileType: 'F32' | 'F16' | 'BF16' | 'Q8_0' }
> = {
  f32: { bits: 32, fileType: 'F32' },
  f16: { bits: 16, fileType: 'F16' },
  bf16: { bits: 16, fileType: 'BF16' },
  q8_0: { bits: 8.5, fileType: 'Q8_0' },
};

/** Something in a folder that stops a conversion (each is also a WorkshopFailureReason). */
export type HfFolderProblem =
  | 'folder_missing'
  | 'config_missing'
  | 'config_invalid'
  | 'architecture_unknown'
  | 'architecture_unsupported'
  | 'weights_missing'
  | 'weights_truncated'
  | 'tokenizer_missing';

/**
 * One auto_map entry of a folder's JSON file: transformers would import `ref` from the folder's own Python for
 * `loader`.
 */
export interface HfAutoMapEntry {
  /** the JSON file, relative to the folder */
  file: string;
  /**
   * AutoTokenizer, AutoConfig, AutoModelForCausalLM…; null when the file names auto_map but could not be read as JSON
   */
  loader: string | null;
  /** module.Class (or repo--module.Class, from another repository); null as for loader */
  ref: string | null;
}

/** Python code a folder ships: what transformers runs for it when a loader is told to trust remote code. */
export interface HfFolderCode {
  /** every *.py file, relative to the folder, sorted */
  pyFiles: string[];
  /** every auto_map entry of the folder's JSON files */
  autoMap: HfAutoMapEntry[];
  /**
   * sha256 of those .py files and the JSON files with an auto_map (names and contents); null when there are none.
   * Allowing the code names this hash, so a changed file needs a new choice.
   */
  hash: string | null;
}

/** A Hugging Face model folder, as checked before converting it. */
export interface HfFolderCheck {
  path: string;
  /** the folder's name, or the repo's where the folder is a hub cache snapshot */
  name: string;
  /** config.json's architectures[0] (text_config's where it has one); null without one */
  architecture: string | null;
  /** the script has a converter for it; null when that cannot be told (no script, or an unknown list) */
  supported: boolean | null;
  /** the weight files the script will read (model*.safetensors, else pytorch_model*.bin), with their total size */
  weights: { files: string[]; bytes: number; format: 'safetensors' | 'pytorch' | null; parameters: number | null };
  /** the tokenizer files found (tokenizer.model, tokenizer.json, vocab.json + merges.txt, …) */
  tokenizer: string[];
  /** what stops it, first the most basic; empty when it can be converted */
  problems: { reason: HfFolderProblem; file: string | null }[];
  /**
   * the Python code it ships (a warning, not a problem): a conversion runs without it unless the user allows this hash
   */
  code: HfFolderCode;
}

/** One output type the folder can be written as. */
export interface ConvertOutOption {
  type: ConvertOutType;
  /** from the weights' parameter count (or their size for .bin files); null when unknown */
  estimatedBytes: number | null;
  /** beside the folder, named for the model and the type */
  suggestedPath: string;
  exists: boolean;
}

/** The app-owned Python environment the script runs in. */
export interface PythonEnvStatus {
  /** set up and checked: a conversion starts at once */
  ready: boolean;
  /** where it lives (the app's data folder unless told otherwise) */
  dir: string;
  /** its Python's version, when ready */
  python: string | null;
  /** its torch's version, when ready */
  torch: string | null;
}

/** What the convert page shows once a folder is picked. */
export interface ConvertPlan {
  folder: HfFolderCheck;
  options: ConvertOutOption[];
  /** convert_hf_to_gguf.py as installed beside the backends; null where it is not */
  tools: { script: string | null };
  python: PythonEnvStatus;
}

/** A finished conversion. */
export interface ConvertResult {
  jobId: string;
  outputPath: string;
  outType: ConvertOutType;
  /** the GGUF file type the quantize form takes it as */
  fileType: string;
  bytes: number;
  tensors: number;
  architecture: string | null;
  /** the whole job, the Python setup included */
  ms: number;
  /** the time the Python environment took to set up; null when it was ready */
  setupMs: number | null;
}

/** Steps of setting up the Python environment, in order (WorkshopProgress.step). */
export const PYTHON_SETUP_STEPS = [
  'find_python',
  'create_env',
  'choose_torch',
  'install_packages',
  'check_packages',
] as const;
export type PythonSetupStep = (typeof PYTHON_SETUP_STEPS)[number];

/** A batch of a job's output lines (pip's, the script's), for the page's log. */
export interface WorkshopLog {
  jobId: string;
  lines: string[];
}
