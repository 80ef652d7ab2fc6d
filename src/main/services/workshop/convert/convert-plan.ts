// What the convert page shows once a folder is picked: the folder checked, each
// output type with its estimated size and suggested path, whether the script is
// installed and whether its Python environment is ready. Reads headers and
// small files only, so it answers at once for a 70B folder too.
import { access } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  CONVERT_OUT_TYPE_FACTS,
  CONVERT_OUT_TYPES,
  type ConvertOutType,
  type ConvertPlan,
  type HfFolderCheck,
} from '@shared/workshop/convert-types';
import { estimateConvertedBytes } from '@shared/workshop/convert-estimate';
import { checkHfFolder } from './hf-folder';
import { readPythonEnv } from './python-env';

export async function readConvertPlan(
  folderPath: string,
  scriptPath: string | null,
  pythonEnvDir: string,
): Promise<ConvertPlan> {
  const [folder, python] = await Promise.all([checkHfFolder(folderPath, scriptPath), readPythonEnv(pythonEnvDir)]);
  const options = await Promise.all(
    CONVERT_OUT_TYPES.map(async (type) => {
      const suggestedPath = suggestConvertOutput(folder, type);
      return {
        type,
        estimatedBytes: estimateConvertedBytes(folder, type),
        suggestedPath,
        exists: await exists(suggestedPath),
      };
    }),
  );
  return { folder, options, tools: { script: scriptPath }, python };
}

/**
 * Beside the folder, named for the model and the type as the quantize page names files: tiny-llama/ →
 * tiny-llama-F16.gguf.
 */
export function suggestConvertOutput(folder: Pick<HfFolderCheck, 'path' | 'name'>, type: ConvertOutType): string {
  return join(dirname(folder.path), `${folder.name}-${CONVERT_OUT_TYPE_FACTS[type].fileType}.gguf`);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
