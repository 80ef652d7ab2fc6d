// What the workshop (EVA's 量化) says about a model, a job and its end.
import type { HfFolderProblem, PythonSetupStep } from './convert-types';
import type { QuantTypeName } from './quant-types';

/** A model picked for quantizing, as its GGUF header describes it. */
export interface WorkshopModel {
  path: string;
  name: string;
  /** its general.file_type as llama-quantize names it (F16, Q4_K_M, …); null where the header does not say */
  fileType: string | null;
  bytes: number;
  /** its weights are quantized already: writing another type means requantizing, which loses quality */
  quantized: boolean;
}

/** One type the model can be written as. */
export interface QuantOption {
  type: QuantTypeName;
  /** estimated from the header's tensors and llama.cpp's rules for this type */
  estimatedBytes: number;
  needsImatrix: boolean;
  /** where the result goes unless the user says otherwise: beside the model, the type in its name */
  suggestedPath: string;
  /** a file is there already: writing it needs the user's word (overwrite) */
  exists: boolean;
}

/** What the page shows once a model is picked. */
export interface QuantizePlan {
  model: WorkshopModel;
  options: QuantOption[];
  /** the side binaries found, null where one is not built */
  tools: { quantize: string | null; imatrix: string | null };
}

/** One step forward of a running job. */
export interface WorkshopProgress {
  jobId: string;
  /**
   * 'imatrix': computing the importance matrix from the calibration text; 'quantize': writing the tensors;
   * 'setup': the Python environment for converting (steps); 'convert': the script reading tensors (count
   * only); 'write': the script writing the GGUF (bytes)
   */
  phase: 'imatrix' | 'quantize' | 'setup' | 'convert' | 'write';
  done: number;
  /** 0 until the tool has said how many */
  total: number;
  /** the tensor being written (quantize and convert phases) */
  tensor: string | null;
  /** the setup phase's step */
  step?: PythonSetupStep;
  /** what the step is on: the package pip is fetching */
  detail?: string;
}

/** A finished quantization. */
export interface QuantizeResult {
  jobId: string;
  outputPath: string;
  type: QuantTypeName;
  bytes: number;
  tensors: number;
  /** whole job, importance matrix included */
  ms: number;
  /** time spent on the importance matrix; null without one */
  imatrixMs: number | null;
}

/**
 * Why a job failed, in `details.reason` of its AppError. The page words each in
 * English and Chinese; the core's message keeps llama-quantize's own line.
 */
export type WorkshopFailureReason =
  | 'binary_missing'
  | 'model_missing'
  | 'not_gguf'
  | 'truncated'
  | 'requantize_disabled'
  | 'invalid_type'
  | 'needs_imatrix'
  | 'calibration_too_short'
  | 'output_exists'
  | 'same_file'
  | 'write_failed'
  | 'cancelled'
  | 'busy'
  | 'killed'
  | 'failed'
  // Converting from Hugging Face: the folder (checked before starting)…
  | HfFolderProblem
  // …the script's own verdicts…
  | 'no_tensors'
  | 'disk_full'
  // the model needs Python code from its folder, which was not allowed to run
  | 'folder_code_refused'
  | 'script_missing'
  // …and its Python environment.
  | 'python_missing'
  | 'python_too_old'
  | 'python_venv_missing'
  | 'packages_failed'
  | 'packages_broken';
