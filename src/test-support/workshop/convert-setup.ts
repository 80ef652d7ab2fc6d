// The conversion's tests' shared setup: the provisioned assets (the script, its
// Python environment, the tiny Hugging Face folder), a temp dir, a workshop
// service over a memory lifecycle, and spoiled copies of the folder.
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { WorkshopLog } from '@shared/workshop/convert-types';
import type { WorkshopProgress } from '@shared/workshop/workshop-types';
import type { ConvertTestPaths } from '@scripts/fixtures/convert-test-assets';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { createWorkshopService, type WorkshopServiceDeps } from '@main/services/workshop/workshop-service';
import { runConvertJob } from '@main/services/workshop/convert/convert-job';
import { envPython } from '@main/services/workshop/convert/python-env';
import { appFailureOf } from '@test-support/app-failure';
import { CONVERT_SETUP_TIMEOUT_MS, requireConvertAssets } from './convert-assets';

// Live bindings: a test file reads them after its beforeAll has set them.
export let assets: ConvertTestPaths;
/** a temp dir of the test file's own, removed after it */
export let dir = '';
let jobs = 0;

/** Provisions the assets (once) and makes the temp dir before the file's tests; removes the dir after them. */
export function useConvertSetup(): void {
  beforeAll(async () => {
    assets = await requireConvertAssets();
    dir = await mkdtemp(join(tmpdir(), 'eva-convert-test-'));
  }, CONVERT_SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
}

export function workshop(extra: Partial<WorkshopServiceDeps> = {}) {
  const registry = memoryLifecycle();
  const progress: WorkshopProgress[] = [];
  const logs: WorkshopLog[] = [];
  // Every event, unpaced: the reader's granularity is what is checked here.
  const svc = createWorkshopService({
    binDirs: [assets.binDir],
    launch: registry.launch,
    emit: (_event, payload) => progress.push(payload),
    emitLog: (log) => logs.push(log),
    pythonEnvDir: assets.envDir,
    progressIntervalMs: 0,
    ...extra,
  });
  return { svc, registry, progress, logs, lines: () => logs.flatMap((log) => log.lines) };
}

export const jobId = () => `convert-${++jobs}`;
export const request = (
  folderPath: string,
  outputPath: string,
  extra: { outType?: 'f32' | 'f16' | 'bf16' | 'q8_0'; overwrite?: boolean } = {},
) => ({
  jobId: jobId(),
  folderPath,
  outputPath,
  outType: extra.outType ?? 'f16',
  overwrite: extra.overwrite ?? false,
});

/** A copy of the tiny folder, spoiled by `spoil`. */
export async function spoiledFolder(name: string, spoil: (folder: string) => Promise<void>): Promise<string> {
  const folder = join(dir, name);
  await cp(assets.hfModel, folder, { recursive: true });
  await spoil(folder);
  return folder;
}

/** The script run directly, past the folder check: what it says itself about a spoiled folder. */
export async function runScript(folderPath: string, outputPath: string) {
  const registry = memoryLifecycle();
  const lines: string[] = [];
  const error = await appFailureOf(
    runConvertJob(
      {
        jobId: jobId(),
        folderPath,
        outputPath,
        outType: 'f16',
        scriptPath: assets.script,
        python: envPython(assets.envDir),
        signal: new AbortController().signal,
      },
      { launch: registry.launch, onProgress: () => {}, onLine: (line) => lines.push(line) },
    ),
  );
  return { error, lines };
}

export const leftovers = async (outputPath: string) =>
  (await readdir(dirname(outputPath))).filter((name) => name.startsWith(outputPath.split('/').pop()!));
