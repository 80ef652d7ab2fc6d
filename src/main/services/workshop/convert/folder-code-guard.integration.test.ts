// A folder's own Python code for real: the crafted Qwen-1 folder, whose
// tokenization_qwen.py leaves a marker when imported, converted by
// convert_hf_to_gguf.py in the app's Python environment (.cache/convert-venv).
// By default the guard keeps the module from running and the run says why in
// one sentence; allowed for the folder's code hash, and only for it, it runs.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkshopConvertInput } from '@shared/workshop/workshop-contract';
import type { ConvertTestPaths } from '@scripts/fixtures/convert-test-assets';
import { appFailureOf } from '@test-support/app-failure';
import { CONVERT_SETUP_TIMEOUT_MS, requireConvertAssets } from '@test-support/workshop/convert-assets';
import { makeRemoteCodeFolder } from '@test-support/workshop/remote-code-folder';
import { memoryLifecycle } from '../../process/process-lifecycle';
import { createWorkshopService } from '../workshop-service';
import { runConvertJob } from './convert-job';
import { envPython } from './python-env';

const REFUSED =
  "This model's tokenizer needs Python code shipped in its folder (tokenization_qwen.py); EVA does not run it unless you allow it on the folder's card.";

let assets: ConvertTestPaths;
let dir = '';
let modulesCache: string | undefined;

beforeAll(async () => {
  assets = await requireConvertAssets();
  dir = await mkdtemp(join(tmpdir(), 'eva-folder-code-'));
  // Where transformers copies a module it runs: the test's folder, not the home directory.
  modulesCache = process.env.HF_MODULES_CACHE;
  process.env.HF_MODULES_CACHE = join(dir, 'hf-modules');
}, CONVERT_SETUP_TIMEOUT_MS);

afterAll(async () => {
  if (modulesCache === undefined) delete process.env.HF_MODULES_CACHE;
  else process.env.HF_MODULES_CACHE = modulesCache;
  await rm(dir, { recursive: true, force: true });
});

const request = (folderPath: string, outputPath: string, allowFolderCode?: string): WorkshopConvertInput => ({
  jobId: `code-${Math.random().toString(36).slice(2)}`,
  folderPath,
  outputPath,
  outType: 'f16',
  overwrite: false,
  ...(allowFolderCode ? { allowFolderCode } : {}),
});

describe("a folder's own Python code", () => {
  it('does not run in a default conversion, which says why in one sentence; allowed for the folder hash, it runs', async () => {
    const marker = join(dir, 'qwen1-code-ran');
    const folder = await makeRemoteCodeFolder(join(dir, 'qwen1'), marker);
    const registry = memoryLifecycle();
    const svc = createWorkshopService({
      binDirs: [assets.binDir],
      launch: registry.launch,
      emit: () => {},
      pythonEnvDir: assets.envDir,
      progressIntervalMs: 0,
    });
    const plan = await svc.convertPlan(folder);
    expect(plan.folder).toMatchObject({ architecture: 'QWenLMHeadModel', supported: true, problems: [] });
    expect(plan.folder.code).toMatchObject({
      pyFiles: ['tokenization_qwen.py'],
      autoMap: [{ file: 'tokenizer_config.json', loader: 'AutoTokenizer', ref: 'tokenization_qwen.QWenTokenizer' }],
    });
    const hash = plan.folder.code.hash!;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);

    const outputPath = join(dir, 'qwen1-F16.gguf');
    const leftovers = async () => (await readdir(dir)).filter((name) => name.startsWith('qwen1-F16'));
    const refused = await appFailureOf(svc.convert(request(folder, outputPath)));
    expect(refused.message).toBe(REFUSED);
    expect({ code: refused.code, reason: refused.details?.reason, files: refused.details?.files }).toEqual({
      code: 'bad_request',
      reason: 'folder_code_refused',
      files: ['tokenization_qwen.py'],
    });
    expect(existsSync(marker)).toBe(false);
    expect(await leftovers()).toEqual([]);

    // The job run on its own, past the service, is guarded the same.
    const job = {
      jobId: 'direct',
      folderPath: folder,
      outputPath,
      outType: 'f16' as const,
      scriptPath: assets.script,
      python: envPython(assets.envDir),
      signal: new AbortController().signal,
      folderCode: plan.folder.code,
    };
    expect(
      (await appFailureOf(runConvertJob(job, { launch: registry.launch, onProgress: () => {}, onLine: () => {} })))
        .message,
    ).toBe(REFUSED);
    expect(existsSync(marker)).toBe(false);

    // A hash that is not the folder's (a file changed since the choice) allows nothing.
    expect((await appFailureOf(svc.convert(request(folder, outputPath, '0'.repeat(64))))).details?.reason).toBe(
      'folder_code_refused',
    );
    expect(existsSync(marker)).toBe(false);

    // The module ends the run itself once it has left its marker.
    const allowed = await appFailureOf(svc.convert(request(folder, outputPath, hash)));
    expect(existsSync(marker)).toBe(true);
    expect(allowed.details?.reason).not.toBe('folder_code_refused');
    expect(await leftovers()).toEqual([]);
    expect(registry.pids()).toEqual([]);
  }, 120_000);
});
