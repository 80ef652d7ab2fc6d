// The workshop's Hugging Face → GGUF conversion behind the contract:
// workshop:convert-plan checks a folder, workshop:convert runs one job (the
// Python environment set up first where it is not, then the script) with its
// progress and output lines as events, workshop:setup-python sets the
// environment up on its own. Jobs share the workshop's one slot, so Cancel and
// quitting stop them like a quantization.
import { access, constants, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { AppFailure, type ErrorCode } from '@shared/errors';
import {
  CONVERT_OUT_TYPE_FACTS,
  PYTHON_SETUP_STEPS,
  type ConvertPlan,
  type ConvertResult,
  type HfFolderProblem,
  type PythonEnvStatus,
  type PythonSetupStep,
  type WorkshopLog,
} from '@shared/workshop/convert-types';
import type { WorkshopConvertInput } from '@shared/workshop/workshop-contract';
import type { WorkshopFailureReason, WorkshopProgress } from '@shared/workshop/workshop-types';
import { ifExists } from '../../fs/if-exists';
import { freeBytesIn, type StatFs } from '../../models/disk-space';
import type { Launch } from '../../process/process-lifecycle';
import type { JobSlot } from '../job-slot';
import { progressPacer, type PacerTimers } from '../progress-pacer';
import { runConvertJob } from './convert-job';
import { estimateConvertedBytes } from '@shared/workshop/convert-estimate';
import { readConvertPlan } from './convert-plan';
import { checkHfFolder } from './hf-folder';
import { lineBatcher } from './line-batcher';
import { envPython, ensurePythonEnv, forgetPythonEnv } from './python-env';
import type { PythonCandidate } from './python-version';

export interface ConvertServiceDeps {
  binDirs: readonly string[];
  launch: Launch;
  slot: JobSlot;
  /** the app-owned Python environment (the data folder's, or the tests' cache one) */
  pythonEnvDir: string;
  python: { candidates: readonly PythonCandidate[]; torchIndex: string | null };
  statfs: StatFs;
  emitProgress: (progress: WorkshopProgress) => void;
  emitLog: (log: WorkshopLog) => void;
  timers: PacerTimers;
  progressIntervalMs: number;
  killGraceMs?: number;
}

export interface ConvertService {
  plan(folderPath: string): Promise<ConvertPlan>;
  convert(input: WorkshopConvertInput): Promise<ConvertResult>;
  setupPython(jobId: string): Promise<PythonEnvStatus>;
}

const SCRIPT = 'convert_hf_to_gguf.py';
const LOG_INTERVAL_MS = 200;

/** Where the backend build installs the script: bin/convert/, searched like the backends. */
export function convertScriptCandidates(binDirs: readonly string[]): string[] {
  return binDirs.map((dir) => join(dir, 'convert', SCRIPT));
}

export async function findConvertScript(binDirs: readonly string[]): Promise<string | null> {
  for (const path of convertScriptCandidates(binDirs)) {
    if (
      await access(path, constants.R_OK).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  return null;
}

export function createConvertService(deps: ConvertServiceDeps): ConvertService {
  /** The job's progress and log events, paced; flush() when it ends. */
  const reporters = (jobId: string) => {
    const pacer = progressPacer(deps.emitProgress, deps.progressIntervalMs, deps.timers);
    const log = lineBatcher(
      (lines) => deps.emitLog({ jobId, lines }),
      deps.progressIntervalMs > 0 ? LOG_INTERVAL_MS : 0,
      deps.timers,
    );
    return {
      progress: pacer.push,
      line: log.push,
      step: (step: PythonSetupStep, detail?: string) =>
        pacer.push({
          jobId,
          phase: 'setup',
          done: PYTHON_SETUP_STEPS.indexOf(step),
          total: PYTHON_SETUP_STEPS.length,
          tensor: null,
          step,
          ...(detail ? { detail } : {}),
        }),
      flush: () => {
        pacer.flush();
        log.flush();
      },
    };
  };

  const setUpEnv = (signal: AbortSignal, report: ReturnType<typeof reporters>) =>
    ensurePythonEnv({
      dir: deps.pythonEnvDir,
      launch: deps.launch,
      candidates: deps.python.candidates,
      torchIndex: deps.python.torchIndex,
      statfs: deps.statfs,
      signal,
      killGraceMs: deps.killGraceMs,
      onStep: report.step,
      onLine: report.line,
    });

  async function convert(input: WorkshopConvertInput): Promise<ConvertResult> {
    return deps.slot.run(input.jobId, 'conversion', async (signal) => {
      const started = performance.now();
      const folderPath = resolve(input.folderPath);
      const outputPath = resolve(input.outputPath);
      const scriptPath = await findConvertScript(deps.binDirs);
      if (!scriptPath)
        refuse(
          'backend_missing',
          'script_missing',
          `${SCRIPT} is not installed (looked for ${convertScriptCandidates(deps.binDirs).join(', ')}): run \`npm run backend:build -- --only convert\`.`,
        );
      const folder = await checkHfFolder(folderPath, scriptPath);
      const [problem] = folder.problems;
      if (problem)
        refuse(
          PROBLEM_CODES[problem.reason],
          problem.reason,
          folderProblemText(problem.reason, folderPath, problem.file, folder.architecture),
          { path: folderPath, file: problem.file, architecture: folder.architecture },
        );
      await checkOutput(outputPath, input.overwrite, estimateConvertedBytes(folder, input.outType));
      const report = reporters(input.jobId);
      try {
        const env = await setUpEnv(signal, report);
        const setupMs = env.created ? Math.round(performance.now() - started) : null;
        // The hash is taken now, not at the plan: a file changed since the user allowed the code is not allowed.
        const runFolderCode = folder.code.hash !== null && input.allowFolderCode === folder.code.hash;
        const outcome = await runConvertJob(
          {
            jobId: input.jobId,
            folderPath,
            outputPath,
            outType: input.outType,
            scriptPath,
            python: envPython(deps.pythonEnvDir),
            signal,
            runFolderCode,
            folderCode: folder.code,
          },
          { launch: deps.launch, onProgress: report.progress, onLine: report.line, killGraceMs: deps.killGraceMs },
        ).catch(async (error: unknown) => {
          // A package gone from the environment (or its Python): set it up afresh next time rather than fail again.
          if (error instanceof AppFailure && error.details?.reason === 'packages_broken')
            await forgetPythonEnv(deps.pythonEnvDir);
          throw error;
        });
        return {
          jobId: input.jobId,
          outputPath,
          outType: input.outType,
          fileType: CONVERT_OUT_TYPE_FACTS[input.outType].fileType,
          bytes: outcome.bytes,
          tensors: outcome.tensors,
          architecture: folder.architecture,
          ms: Math.round(performance.now() - started),
          setupMs,
        };
      } finally {
        report.flush();
      }
    });
  }

  async function checkOutput(outputPath: string, overwrite: boolean, estimatedBytes: number | null): Promise<void> {
    const output = await ifExists(stat(outputPath));
    if (output?.isDirectory())
      refuse('bad_request', 'write_failed', `${outputPath} is a folder: choose a file name`, { outputPath });
    if (output && !overwrite)
      refuse(
        'bad_request',
        'output_exists',
        `${outputPath} exists already: choose another name, or allow overwriting it`,
        { outputPath },
      );
    const folder = dirname(outputPath);
    const parent = await ifExists(stat(folder));
    if (!parent?.isDirectory())
      refuse('bad_request', 'write_failed', `${folder} does not exist: choose a folder that does`, { outputPath });
    // A check ahead of time only: without a reading the run goes on, and a full disk fails it with disk_full.
    const free = await freeBytesIn(folder, deps.statfs).catch(() => null);
    // The script writes the whole file before the old one (overwrite) is replaced, so the old one's size does not
    // count.
    if (free !== null && estimatedBytes !== null && free < estimatedBytes) {
      refuse(
        'bad_request',
        'disk_full',
        `Not enough disk space for ${outputPath}: it needs about ${mib(estimatedBytes)}, ${mib(free)} free in ${folder}.`,
        {
          outputPath,
          path: folder,
          neededBytes: estimatedBytes,
          freeBytes: free,
        },
      );
    }
  }

  return {
    plan: async (folderPath) =>
      readConvertPlan(resolve(folderPath), await findConvertScript(deps.binDirs), deps.pythonEnvDir),
    convert,
    setupPython: (jobId) =>
      deps.slot.run(jobId, 'Python setup', async (signal) => {
        const report = reporters(jobId);
        try {
          return (await setUpEnv(signal, report)).status;
        } finally {
          report.flush();
        }
      }),
  };
}

const PROBLEM_CODES: Record<HfFolderProblem, ErrorCode> = {
  folder_missing: 'model_missing',
  config_missing: 'bad_request',
  config_invalid: 'bad_request',
  architecture_unknown: 'bad_request',
  architecture_unsupported: 'bad_request',
  weights_missing: 'bad_request',
  weights_truncated: 'model_invalid',
  tokenizer_missing: 'bad_request',
};

/** The core's English for a folder problem (the page has its own words, in both languages). */
function folderProblemText(
  reason: HfFolderProblem,
  folder: string,
  file: string | null,
  architecture: string | null,
): string {
  switch (reason) {
    case 'folder_missing':
      return `${folder} is not a folder.`;
    case 'config_missing':
      return `${folder} has no config.json: is it a Hugging Face model folder?`;
    case 'config_invalid':
      return `${folder}/config.json is not valid JSON.`;
    case 'architecture_unknown':
      return `${folder}/config.json names no architecture.`;
    case 'architecture_unsupported':
      return `convert_hf_to_gguf.py has no converter for ${architecture ?? 'this architecture'}.`;
    case 'weights_missing':
      return file
        ? `${folder} lacks ${file}, which its weight index lists.`
        : `${folder} has no weights to convert (model*.safetensors or pytorch_model*.bin).`;
    case 'weights_truncated':
      return `${file ?? 'A weight file'} in ${folder} is damaged or incomplete (a download that did not finish?).`;
    case 'tokenizer_missing':
      return `${folder} has no tokenizer (tokenizer.model, tokenizer.json, or vocab.json with merges.txt).`;
  }
}

function refuse(
  code: ErrorCode,
  reason: WorkshopFailureReason,
  message: string,
  details: Record<string, unknown> = {},
): never {
  throw new AppFailure(code, message, { reason, ...details });
}

function mib(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}
