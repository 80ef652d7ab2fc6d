// The workshop (EVA's 量化) behind the contract: workshop:plan describes a
// picked model, workshop:quantize runs one job (an importance matrix, then the
// quantization) with its progress as events, workshop:cancel stops it. One job
// at a time: quantizing already uses every core and reads the whole model.
import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { EventPayloads } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import type { WorkshopQuantizeInput } from '@shared/workshop/workshop-contract';
import type { QuantizePlan, QuantizeResult, WorkshopFailureReason } from '@shared/workshop/workshop-types';
import type { Launch } from '../process/process-lifecycle';
import { findTool, toolCandidates } from './find-tools';
import { progressPacer, type PacerTimers } from './progress-pacer';
import { runQuantizeJob } from './quantize-job';
import { readQuantizePlan } from './workshop-plan';

export interface WorkshopServiceDeps {
  binDirs: readonly string[];
  /** the process lifecycle's launcher: both tools run through it */
  launch: Launch;
  emit: (event: 'workshop:progress', payload: EventPayloads['workshop:progress']) => void;
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
  cancel(jobId: string): { cancelled: boolean };
  /** cancels the running job */
  dispose(): void;
}

export function createWorkshopService(deps: WorkshopServiceDeps): WorkshopService {
  let running: { jobId: string; controller: AbortController } | null = null;

  async function quantize(input: WorkshopQuantizeInput): Promise<QuantizeResult> {
    if (running) refuse('already_running', 'busy', `another quantization (${running.jobId}) is running; wait for it or cancel it`);
    const controller = new AbortController();
    const job = { jobId: input.jobId, controller };
    running = job;
    const started = performance.now();
    try {
      const modelPath = resolve(input.modelPath);
      const outputPath = resolve(input.outputPath);
      const quantizePath = await findTool(deps.binDirs, 'llama-quantize');
      if (!quantizePath) refuse('backend_missing', 'binary_missing', `llama-quantize is not built (looked for ${toolCandidates(deps.binDirs, 'llama-quantize').join(', ')}): run \`npm run backend:build\`.`);
      const imatrixPath = input.calibrationText === undefined ? null : await findTool(deps.binDirs, 'llama-imatrix');
      if (input.calibrationText !== undefined && !imatrixPath) refuse('backend_missing', 'binary_missing', 'llama-imatrix is not built: run `npm run backend:build`.', { tool: 'llama-imatrix' });
      await checkPaths(modelPath, outputPath, input.overwrite);
      const pacer = progressPacer((progress) => deps.emit('workshop:progress', progress), deps.progressIntervalMs ?? 100, deps.timers ?? REAL_TIMERS);
      const outcome = await runQuantizeJob(
        {
          jobId: input.jobId,
          modelPath,
          outputPath,
          type: input.type,
          allowRequantize: input.allowRequantize,
          calibrationText: input.calibrationText ?? null,
          tools: { quantize: quantizePath, imatrix: imatrixPath },
          signal: controller.signal,
        },
        { launch: deps.launch, onProgress: pacer.push, tempRoot: deps.tempRoot, killGraceMs: deps.killGraceMs },
      ).finally(pacer.flush);
      return { jobId: input.jobId, outputPath, type: input.type, bytes: outcome.bytes, tensors: outcome.tensors, ms: Math.round(performance.now() - started), imatrixMs: outcome.imatrixMs };
    } finally {
      if (running === job) running = null;
    }
  }

  async function checkPaths(modelPath: string, outputPath: string, overwrite: boolean): Promise<void> {
    const model = await stat(modelPath).catch(() => null);
    if (!model?.isFile()) refuse('model_missing', 'model_missing', `model file not found: ${modelPath}`, { path: modelPath });
    const output = await stat(outputPath).catch(() => null);
    if (output && (await realpath(outputPath)) === (await realpath(modelPath))) refuse('bad_request', 'same_file', 'the output would overwrite the model being quantized: choose another name', { path: modelPath });
    if (output?.isDirectory()) refuse('bad_request', 'write_failed', `${outputPath} is a folder: choose a file name`, { outputPath });
    if (output && !overwrite) refuse('bad_request', 'output_exists', `${outputPath} exists already: choose another name, or allow overwriting it`, { outputPath });
  }

  return {
    plan: (modelPath) => readQuantizePlan(resolve(modelPath), deps.binDirs),
    quantize,
    cancel(jobId) {
      if (running?.jobId !== jobId) return { cancelled: false };
      running.controller.abort();
      return { cancelled: true };
    },
    dispose() {
      running?.controller.abort();
    },
  };
}

function refuse(code: AppFailure['code'], reason: WorkshopFailureReason, message: string, details: Record<string, unknown> = {}): never {
  throw new AppFailure(code, message, { reason, ...details });
}
