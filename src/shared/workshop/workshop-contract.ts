// The workshop's part of the contract: its channels with their input schemas,
// and its event. contract.ts spreads these into the one contract.
import { z } from 'zod';
import {
  CONVERT_OUT_TYPES,
  type ConvertPlan,
  type ConvertResult,
  type PythonEnvStatus,
  type WorkshopLog,
} from './convert-types';
import { QUANT_TYPE_NAMES } from './quant-types';
import type { QuantizePlan, QuantizeResult, WorkshopProgress } from './workshop-types';

const channel = <I extends z.ZodType, O>(input: I) => ({ input, output: undefined as unknown as O });
const path = z.string().min(1).max(4096);
const jobId = z.string().min(1).max(100);
const plan = z.object({ modelPath: path }).strict();
// A calibration text of a few hundred KB is typical; 8M characters leave room and stay, even at three UTF-8
// bytes a character, well inside one frame of the browser host's WebSocket (64 MB).
const MAX_CALIBRATION_CHARS = 8 * 1024 * 1024;
const quantize = z
  .object({
    jobId,
    modelPath: path,
    type: z.enum(QUANT_TYPE_NAMES),
    outputPath: path,
    /** write over an existing file at outputPath */
    overwrite: z.boolean().default(false),
    /** quantize a model whose weights are quantized already (llama-quantize --allow-requantize) */
    allowRequantize: z.boolean().default(false),
    /** compute an importance matrix from this text first (llama-imatrix) and quantize with it */
    calibrationText: z.string().min(1).max(MAX_CALIBRATION_CHARS).optional(),
  })
  .strict();
const jobRef = z.object({ jobId }).strict();
const convertPlan = z.object({ folderPath: path }).strict();
const convert = z
  .object({
    jobId,
    /** a Hugging Face model folder: config.json, the weights, the tokenizer */
    folderPath: path,
    outType: z.enum(CONVERT_OUT_TYPES),
    outputPath: path,
    /** write over an existing file at outputPath */
    overwrite: z.boolean().default(false),
    /**
     * run the Python code the folder ships: its HfFolderCode.hash as the user allowed it; a folder whose code hashes
     * otherwise converts without it
     */
    allowFolderCode: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  })
  .strict();

/** The workshop's channels (spread into contract.ts's invokeChannels). */
export const workshopChannels = {
  /**
   * The picked model's header facts, each type with its estimated size and suggested output, and which tools are built.
   */
  'workshop:plan': channel<typeof plan, QuantizePlan>(plan),
  /**
   * Quantize (after an importance matrix, with calibrationText); progress arrives as `workshop:progress`; failures
   * carry `details.reason` (WorkshopFailureReason).
   */
  'workshop:quantize': channel<typeof quantize, QuantizeResult>(quantize),
  /**
   * A Hugging Face folder checked for converting (config, weights, tokenizer, architecture), each output type with its
   * size and path, and whether the script and its Python environment are ready.
   */
  'workshop:convert-plan': channel<typeof convertPlan, ConvertPlan>(convertPlan),
  /**
   * Convert with convert_hf_to_gguf.py, setting up its Python environment first where needed; progress as
   * `workshop:progress`, output lines as `workshop:log`.
   */
  'workshop:convert': channel<typeof convert, ConvertResult>(convert),
  /**
   * Set up the Python environment the conversion runs in (once; at once when it is ready), as a job that
   * `workshop:cancel` stops.
   */
  'workshop:setup-python': channel<typeof jobRef, PythonEnvStatus>(jobRef),
  /** Stop the job now: the tool is killed and its partial output removed. */
  'workshop:cancel': channel<typeof jobRef, { cancelled: boolean }>(jobRef),
} as const;

export type WorkshopQuantizeInput = z.output<typeof quantize>;
export type WorkshopConvertInput = z.output<typeof convert>;

/** The workshop's events (merged into contract.ts's EventPayloads). */
export interface WorkshopEventPayloads {
  /** a job's progress: one per tensor, one per importance-matrix chunk */
  'workshop:progress': WorkshopProgress;
  /** a job's output lines (pip's while setting up Python, the script's while converting), a few at a time */
  'workshop:log': WorkshopLog;
}

export const WORKSHOP_EVENT_NAMES: Record<keyof WorkshopEventPayloads, true> = {
  'workshop:progress': true,
  'workshop:log': true,
};
