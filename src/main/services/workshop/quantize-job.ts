// One quantization, start to end: the importance matrix first when there is a
// calibration text (llama-imatrix, in a private temp folder), then llama-quantize
// into `<output>.part` beside the output, renamed to the output only once it is
// complete. So a failure or a cancel never leaves a half-written model under
// the real name, and an existing file is only replaced by a finished one. Both
// tools run through the process lifecycle: Cancel (or quitting) stops them
// within a second and the partial file goes with them.
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppFailure } from '@shared/errors';
import type { WorkshopProgress } from '@shared/workshop/workshop-types';
import type { Launch } from '../process/process-lifecycle';
import { imatrixArgs, imatrixContext, quantizeArgs } from './tool-args';
import { judgeToolRun } from './tool-outcome';
import { imatrixProgressReader, quantizeProgressReader, type ToolProgress } from './tool-progress';

export interface QuantizeJob {
  jobId: string;
  modelPath: string;
  outputPath: string;
  type: string;
  allowRequantize: boolean;
  calibrationText: string | null;
  tools: { quantize: string; imatrix: string | null };
  signal: AbortSignal;
}

export interface JobDeps {
  launch: Launch;
  onProgress: (progress: WorkshopProgress) => void;
  /** where the importance matrix's temp folder goes (default: the OS temp dir) */
  tempRoot?: string;
  /** SIGTERM → SIGKILL delay on Cancel: both tools die on SIGTERM at once */
  killGraceMs?: number;
}

export interface JobOutcome {
  bytes: number;
  tensors: number;
  imatrixMs: number | null;
}

const DEFAULT_GRACE_MS = 500;

export async function runQuantizeJob(job: QuantizeJob, deps: JobDeps): Promise<JobOutcome> {
  const partPath = `${job.outputPath}.part`;
  let tempDir: string | null = null;
  try {
    let imatrixPath: string | null = null;
    let imatrixMs: number | null = null;
    if (job.calibrationText !== null) {
      const started = performance.now();
      tempDir = await mkdtemp(join(deps.tempRoot ?? tmpdir(), 'eva-imatrix-'));
      imatrixPath = await computeImatrix(job, deps, tempDir);
      imatrixMs = Math.round(performance.now() - started);
    }
    // A .part left by a run that crashed goes: this run writes its own.
    await removeQuietly(partPath);
    let tensors = 0;
    const read = quantizeProgressReader((progress) => {
      tensors = progress.total;
      report(deps, job.jobId, 'quantize', progress);
    });
    const args = quantizeArgs({
      modelPath: job.modelPath,
      outputPath: partPath,
      type: job.type,
      allowRequantize: job.allowRequantize,
      imatrixPath,
    });
    await runTool(job, deps, {
      tool: 'llama-quantize',
      command: job.tools.quantize,
      args,
      outputPath: job.outputPath,
      onText: (stream, text) => stream === 'stderr' && read(text),
    });
    const bytes = await sizeOf(partPath);
    if (bytes === null || bytes === 0)
      throw new AppFailure('backend_failed', `llama-quantize finished without writing ${job.outputPath}.`, {
        reason: 'write_failed',
        outputPath: job.outputPath,
      });
    await rename(partPath, job.outputPath);
    return { bytes, tensors, imatrixMs };
  } finally {
    await removeQuietly(partPath);
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

async function computeImatrix(job: QuantizeJob, deps: JobDeps, dir: string): Promise<string> {
  if (!job.tools.imatrix)
    throw new AppFailure('backend_missing', 'llama-imatrix is not built: run `npm run backend:build`.', {
      reason: 'binary_missing',
      tool: 'llama-imatrix',
    });
  const calibrationPath = join(dir, 'calibration.txt');
  const outputPath = join(dir, 'imatrix.gguf');
  await writeFile(calibrationPath, job.calibrationText ?? '');
  const context = imatrixContext(Buffer.byteLength(job.calibrationText ?? ''));
  const read = imatrixProgressReader((progress) => report(deps, job.jobId, 'imatrix', progress));
  const args = imatrixArgs({ modelPath: job.modelPath, calibrationPath, outputPath, context });
  await runTool(job, deps, { tool: 'llama-imatrix', command: job.tools.imatrix, args, outputPath, onText: read });
  // llama-imatrix reports a failed write in its log and still exits 0.
  if (!(await sizeOf(outputPath)))
    throw new AppFailure('backend_failed', 'llama-imatrix finished without writing the importance matrix.', {
      reason: 'failed',
      tool: 'llama-imatrix',
    });
  return outputPath;
}

interface ToolRun {
  tool: 'llama-quantize' | 'llama-imatrix';
  command: string;
  args: string[];
  /** for the failure's words */
  outputPath: string;
  onText: (stream: 'stdout' | 'stderr', text: string) => void;
}

/** Runs one tool to its end; throws the AppFailure its exit means. */
async function runTool(job: QuantizeJob, deps: JobDeps, run: ToolRun): Promise<void> {
  const proc = deps.launch({
    name: run.tool,
    command: run.command,
    args: run.args,
    output: { mode: 'text', onText: run.onText },
    signal: job.signal,
    killGraceMs: deps.killGraceMs ?? DEFAULT_GRACE_MS,
  });
  const exit = await proc.exited;
  const failure = judgeToolRun({
    tool: run.tool,
    cancelled: exit.why === 'aborted',
    exit,
    stderrTail: exit.lastLines,
    modelPath: job.modelPath,
    outputPath: run.outputPath,
  });
  if (failure) throw failure;
}

function report(deps: JobDeps, jobId: string, phase: WorkshopProgress['phase'], progress: ToolProgress): void {
  deps.onProgress({ jobId, phase, ...progress });
}

/**
 * rm that also shrugs off a path that cannot exist (a folder part of it is a file): that is llama-quantize's failure to
 * report.
 */
async function removeQuietly(path: string): Promise<void> {
  // Before the run a part that stays makes llama-quantize fail, which it reports; in `finally` the outcome wins.
  await rm(path, { force: true }).catch(() => undefined);
}

async function sizeOf(path: string): Promise<number | null> {
  return stat(path).then(
    (info) => info.size,
    () => null,
  );
}
