// The workshop (EVA's 量化) behind the contract: workshop:plan describes a
// picked model, workshop:quantize runs one job (an importance matrix, then the
// quantization) with its progress as events, workshop:cancel stops it; the
// Hugging Face → GGUF conversion (convert/convert-service.ts) shares the slot.
// One job at a time: each uses every core and reads the whole model.
import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { EventPayloads } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import type { ConvertPlan, ConvertResult, PythonEnvStatus } from '@shared/workshop/convert-types';
import type { WorkshopConvertInput, WorkshopQuantizeInput } from '@shared/workshop/workshop-contract';
import type { QuantizePlan, QuantizeResult, WorkshopFailureReason } from '@shared/workshop/workshop-types';
import { ifExists } from '../fs/if-exists';
import { defaultStatfs, type StatFs } from '../models/disk-space';
import type { Launch } from '../process/process-lifecycle';
import { createConvertService } from './convert/convert-service';
import { torchCpuIndexFor } from './convert/pip-words';
import { pythonCandidates, type PythonCandidate } from './convert/python-version';
import { findTool, toolCandidates } from './find-tools';
import { createJobSlot } from './job-slot';
import { progressPacer, type PacerTimers } from './progress-pacer';
import { runQuantizeJob } from './quantize-job';
import { readQuantizePlan } from './workshop-plan';

export interface WorkshopServiceDeps {
  binDirs: readonly string[];
  /** the process lifecycle's launcher: both tools run through it */
  launch: Launch;
  emit: (event: 'workshop:progress', payload: EventPayloads['workshop:progress']) => void;
  /** a job's output lines (the conversion's pip and script output) */
  emitLog?: (payload: EventPayloads['workshop:log']) => void;
  /** the app-owned Python environment the conversion runs in (the data folder's; tests share one in .cache) */
  pythonEnvDir: string;
  /**
   * where Python is looked for and where CPU torch comes from (default: this platform's usual names and PyTorch's CPU
   * index)
   */
  python?: { candidates: readonly PythonCandidate[]; torchIndex: string | null };
  /** free space (tests fill the disk) */
  statfs?: StatFs;
  tempRoot?: string;
  killGraceMs?: number;
  /** at most one progress event per this many ms (default 100: ten a second, more than a progress bar shows) */
  progressIntervalMs?: number;
  timers?: PacerTimers;
}

const REAL_TIMERS: PacerTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  now: () => performance.now(),
};

export interface WorkshopService {
  plan(modelPath: string): Promise<QuantizePlan>;
  quantize(input: WorkshopQuantizeInput): Promise<QuantizeResult>;
  convertPlan(folderPath: string): Promise<ConvertPlan>;
  convert(input: WorkshopConvertInput): Promise<ConvertResult>;
  setupPython(jobId: string): Promise<PythonEnvStatus>;
  cancel(jobId: string): { cancelled: boolean };
  /** cancels the running job */
  dispose(): void;
}

export function createWorkshopService(deps: WorkshopServiceDeps): WorkshopService {
  const slot = createJobSlot();
  const timers = deps.timers ?? REAL_TIMERS;
  const converter = createConvertService({
    binDirs: deps.binDirs,
    launch: deps.launch,
    slot,
    pythonEnvDir: deps.pythonEnvDir,
    python: deps.python ?? {
      candidates: pythonCandidates(process.platform, process.env),
      torchIndex: torchCpuIndexFor(process.platform),
    },
    statfs: deps.statfs ?? defaultStatfs,
    emitProgress: (progress) => deps.emit('workshop:progress', progress),
    emitLog: deps.emitLog ?? (() => {}),
    timers,
    progressIntervalMs: deps.progressIntervalMs ?? 100,
    killGraceMs: deps.killGraceMs,
  });

  const quantize = (input: WorkshopQuantizeInput): Promise<QuantizeResult> =>
    slot.run(input.jobId, 'quantization', (signal) => runQuantize(input, signal));

  async function runQuantize(input: WorkshopQuantizeInput, signal: AbortSignal): Promise<QuantizeResult> {
    const started = performance.now();
    const modelPath = resolve(input.modelPath);
    const outputPath = resolve(input.outputPath);
    const quantizePath = await findTool(deps.binDirs, 'llama-quantize');
    if (!quantizePath)
      refuse(
        'backend_missing',
        'binary_missing',
        `llama-quantize is not built (looked for ${toolCandidates(deps.binDirs, 'llama-quantize').join(', ')}): run \`npm run backend:build\`.`,
      );
    const imatrixPath = input.calibrationText === undefined ? null : await findTool(deps.binDirs, 'llama-imatrix');
    if (input.calibrationText !== undefined && !imatrixPath)
      refuse('backend_missing', 'binary_missing', 'llama-imatrix is not built: run `npm run backend:build`.', {
        tool: 'llama-imatrix',
      });
    await checkPaths(modelPath, outputPath, input.overwrite);
    const pacer = progressPacer(
      (progress) => deps.emit('workshop:progress', progress),
      deps.progressIntervalMs ?? 100,
      timers,
    );
    const outcome = await runQuantizeJob(
      {
        jobId: input.jobId,
        modelPath,
        outputPath,
        type: input.type,
        allowRequantize: input.allowRequantize,
        calibrationText: input.calibrationText ?? null,
        tools: { quantize: quantizePath, imatrix: imatrixPath },
        signal,
      },
      { launch: deps.launch, onProgress: pacer.push, tempRoot: deps.tempRoot, killGraceMs: deps.killGraceMs },
    ).finally(pacer.flush);
    return {
      jobId: input.jobId,
      outputPath,
      type: input.type,
      bytes: outcome.bytes,
      tensors: outcome.tensors,
      ms: Math.round(performance.now() - started),
      imatrixMs: outcome.imatrixMs,
    };
  }

  async function checkPaths(modelPath: string, outputPath: string, overwrite: boolean): Promise<void> {
    const model = await ifExists(stat(modelPath));
    if (!model?.isFile())
      refuse('model_missing', 'model_missing', `model file not found: ${modelPath}`, { path: modelPath });
    const output = await ifExists(stat(outputPath));
    if (output && (await realpath(outputPath)) === (await realpath(modelPath)))
      refuse('bad_request', 'same_file', 'the output would overwrite the model being quantized: choose another name', {
        path: modelPath,
      });
    if (output?.isDirectory())
      refuse('bad_request', 'write_failed', `${outputPath} is a folder: choose a file name`, { outputPath });
    if (output && !overwrite)
      refuse(
        'bad_request',
        'output_exists',
        `${outputPath} exists already: choose another name, or allow overwriting it`,
        { outputPath },
      );
  }

  return {
    plan: (modelPath) => readQuantizePlan(resolve(modelPath), deps.binDirs),
    quantize,
    convertPlan: converter.plan,
    convert: converter.convert,
    setupPython: converter.setupPython,
    cancel: slot.cancel,
    dispose: slot.dispose,
  };
}

function refuse(
  code: AppFailure['code'],
  reason: WorkshopFailureReason,
  message: string,
  details: Record<string, unknown> = {},
): never {
  throw new AppFailure(code, message, { reason, ...details });
}
