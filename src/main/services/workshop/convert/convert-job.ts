// One conversion, start to end: convert_hf_to_gguf.py writes `<output>.part`
// beside the output, through the process lifecycle; once it exits cleanly the
// file is read back (it must be a whole GGUF with tensors: a folder without
// weights converts "successfully" to none) and only then renamed to the output.
// A failure, a full disk or a cancel removes the partial file, so a
// half-written model never sits under the real name. Python code the folder
// ships does not run unless the job says so (folder-code-guard.ts).
import { rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { errorText, AppFailure } from '@shared/errors';
import type { ConvertOutType, HfFolderCode } from '@shared/workshop/convert-types';
import type { WorkshopProgress } from '@shared/workshop/workshop-types';
import { readGgufHeader } from '../../backend/gguf/gguf-reader';
import type { Launch } from '../../process/process-lifecycle';
import { assertComplete } from '../workshop-plan';
import { judgeConvertRun } from './convert-outcome';
import { convertProgressReader } from './convert-progress';
import { pythonEnv } from './find-python';
import { writeFolderCodeGuard } from './folder-code-guard';
import { runPython } from './run-python';

export interface ConvertJob {
  jobId: string;
  folderPath: string;
  outputPath: string;
  outType: ConvertOutType;
  scriptPath: string;
  /** the environment's Python */
  python: string;
  signal: AbortSignal;
  /** run the Python code the folder ships, as the user allowed for its hash; without it the guard refuses that code */
  runFolderCode?: boolean;
  /** the folder's code as checked, to name the files a refusal needed */
  folderCode?: HfFolderCode;
}

export interface ConvertJobDeps {
  launch: Launch;
  onProgress: (progress: WorkshopProgress) => void;
  onLine: (line: string) => void;
  /** SIGTERM → SIGKILL delay on Cancel: Python dies on SIGTERM at once */
  killGraceMs?: number;
}

/**
 * The script's command line: the folder, where to write, and the type. No remote downloads: the folder is all it reads.
 */
export function convertArgs(
  job: Pick<ConvertJob, 'scriptPath' | 'folderPath' | 'outType'>,
  outputPath: string,
): string[] {
  return [job.scriptPath, job.folderPath, '--outfile', outputPath, '--outtype', job.outType];
}

export async function runConvertJob(
  job: ConvertJob,
  deps: ConvertJobDeps,
): Promise<{ bytes: number; tensors: number }> {
  const partPath = `${job.outputPath}.part`;
  const guard = job.runFolderCode ? null : await writeFolderCodeGuard();
  try {
    // A .part left by a run that crashed goes: this run writes its own. One that stays makes the script fail to
    // write it, which the script reports.
    await rm(partPath, { force: true }).catch(() => undefined);
    const read = convertProgressReader((progress) => deps.onProgress({ jobId: job.jobId, ...progress }));
    const run = await runPython(deps.launch, {
      name: 'convert_hf_to_gguf',
      command: job.python,
      args: convertArgs(job, partPath),
      // The tree's own gguf-py (beside the script) is used, never an installed gguf package; nothing is fetched.
      env: pythonEnv({
        HF_HUB_OFFLINE: '1',
        TRANSFORMERS_OFFLINE: '1',
        HF_HUB_DISABLE_TELEMETRY: '1',
        ...(guard ? { PYTHONPATH: guard.dir } : {}),
      }),
      cwd: dirname(job.scriptPath),
      signal: job.signal,
      killGraceMs: deps.killGraceMs ?? 500,
      onSegment: (segment) => read(segment),
      onLine: (line) => deps.onLine(line),
    });
    const failure = judgeConvertRun({
      cancelled: run.exit.why === 'aborted' || job.signal.aborted,
      exit: run.exit,
      lines: run.lines,
      folderPath: job.folderPath,
      outputPath: job.outputPath,
      code: job.folderCode,
    });
    if (failure) throw failure;
    const tensors = await checkWritten(partPath, job);
    const bytes = (await stat(partPath)).size;
    await rename(partPath, job.outputPath);
    return { bytes, tensors };
  } finally {
    // Best-effort tidy-up in `finally`: throwing here would hide the run's own outcome.
    await rm(partPath, { force: true }).catch(() => undefined);
    // The guard is a temp folder of its own; the same holds.
    await guard?.remove().catch(() => undefined);
  }
}

/** The file the script wrote must be a whole GGUF with tensors; returns their count. */
async function checkWritten(partPath: string, job: ConvertJob): Promise<number> {
  const header = await readGgufHeader(partPath, { tensors: true }).catch((error: unknown) => {
    if (error instanceof AppFailure && error.code === 'model_missing') {
      throw new AppFailure('backend_failed', `convert_hf_to_gguf.py finished without writing ${job.outputPath}.`, {
        reason: 'write_failed',
        outputPath: job.outputPath,
        path: job.folderPath,
      });
    }
    throw new AppFailure(
      'backend_failed',
      `convert_hf_to_gguf.py wrote a file that is not a whole GGUF: ${errorText(error)}`,
      {
        reason: 'failed',
        outputPath: job.outputPath,
        path: job.folderPath,
      },
    );
  });
  if (header.tensorCount === 0) {
    throw new AppFailure(
      'bad_request',
      `convert_hf_to_gguf.py found no weights to convert in ${job.folderPath}: the result had no tensors and was removed.`,
      {
        reason: 'no_tensors',
        path: job.folderPath,
        outputPath: job.outputPath,
      },
    );
  }
  assertComplete(header, job.outputPath);
  return header.tensorCount;
}
