// Hostile inputs that reach the convert surface.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { memoryLifecycle } from '@main/services/process/process-lifecycle';
import { createWorkshopService } from '@main/services/workshop/workshop-service';
import { requireConvertAssets } from '@test-support/workshop/convert-assets';
import { makeRemoteCodeFolder } from '@test-support/workshop/remote-code-folder';
import type { HostileInput } from './hostile-input';

/** Converts the folder as a user would, with the default settings, through the real script in the real environment. */
async function convertWithDefaults(folder: string, outputPath: string): Promise<string> {
  const assets = await requireConvertAssets();
  const registry = memoryLifecycle();
  const workshop = createWorkshopService({
    binDirs: [assets.binDir],
    launch: registry.launch,
    emit: () => {},
    pythonEnvDir: assets.envDir,
    progressIntervalMs: 0,
  });
  try {
    await workshop.convert({
      jobId: 'hostile-convert',
      folderPath: folder,
      outType: 'f16',
      outputPath,
      overwrite: false,
    });
    return 'converted';
  } catch (error) {
    const failure = error as { message?: string; details?: { reason?: unknown } };
    return `refused (${String(failure.details?.reason)}): ${failure.message ?? String(error)}`;
  } finally {
    await registry.stopAll();
  }
}

export const convertInputs: HostileInput[] = [
  {
    name: 'a Qwen-1 Hugging Face folder whose tokenizer_config.json auto_map runs its own tokenization_qwen.py, converted with the default settings',
    surface: 'convert',
    async probe(dir) {
      // Where transformers would copy a module it runs: this row's folder, not the home directory.
      process.env.HF_MODULES_CACHE = join(dir, 'hf-modules');
      const marker = join(dir, 'the-folder-code-ran');
      const folder = await makeRemoteCodeFolder(join(dir, 'qwen1'), marker);
      const outcome = await convertWithDefaults(folder, join(dir, 'qwen1-F16.gguf'));
      return `${outcome}; the folder's code ${existsSync(marker) ? 'RAN' : 'did not run'}`;
    },
    expect:
      /^refused \(folder_code_refused\): This model's tokenizer needs Python code shipped in its folder \(tokenization_qwen\.py\); EVA does not run it unless you allow it on the folder's card\.; the folder's code did not run$/,
  },
];
