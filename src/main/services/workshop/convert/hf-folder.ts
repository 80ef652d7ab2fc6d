// Checks a Hugging Face model folder before converting it: lists it, reads
// config.json and any weight index, and reads each safetensors file's header
// (never its data), so a missing config, weights or tokenizer, an architecture
// the script has no converter for, or a cut-off download is said at once, not
// after seconds of Python; and lists the Python code the folder ships
// (folder-code.ts). hf-folder-rules.ts decides; this gathers.
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { HfFolderCheck } from '@shared/workshop/convert-types';
import { ifExists } from '../../fs/if-exists';
import { readFolderCode } from './folder-code';
import { NO_FOLDER_CODE } from './folder-code-rules';
import { judgeHfFolder, parseTextModelMap, weightFilesOf, type FolderFacts } from './hf-folder-rules';
import { headerLength, judgeSafetensors } from './safetensors-header';

export async function checkHfFolder(folderPath: string, scriptPath: string | null): Promise<HfFolderCheck> {
  const info = await ifExists(stat(folderPath));
  const names = info?.isDirectory() ? ((await ifExists(readdir(folderPath))) ?? []) : [];
  const has = (name: string) => names.includes(name);
  const index = {
    safetensors: has('model.safetensors.index.json')
      ? await readJson(join(folderPath, 'model.safetensors.index.json'))
      : undefined,
    pytorch: has('pytorch_model.bin.index.json')
      ? await readJson(join(folderPath, 'pytorch_model.bin.index.json'))
      : undefined,
  };
  const { format, files } = weightFilesOf(names, index);
  const weights: FolderFacts['weights'] = {};
  for (const file of files.filter(has))
    weights[file] = await readWeightFile(join(folderPath, file), format === 'safetensors');
  return judgeHfFolder({
    path: folderPath,
    exists: info?.isDirectory() ?? false,
    names,
    config: has('config.json') ? await readJson(join(folderPath, 'config.json')) : undefined,
    index,
    weights,
    supported: await supportedArchitectures(scriptPath),
    code: info?.isDirectory() ? await readFolderCode(folderPath) : NO_FOLDER_CODE,
  });
}

/** config.json and the index files; null when present but not JSON. */
async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return null;
  }
}

async function readWeightFile(path: string, safetensors: boolean): Promise<FolderFacts['weights'][string]> {
  const size = (await stat(path)).size;
  if (!safetensors) return { bytes: size, parameters: null, problem: null };
  const file = await open(path, 'r');
  try {
    const first8 = new Uint8Array(8);
    await file.read(first8, 0, 8, 0);
    const length = headerLength(first8);
    if (length === null) return { bytes: size, parameters: null, problem: size < 8 ? 'truncated' : 'invalid' };
    const header = Buffer.alloc(Math.min(length, Math.max(0, size - 8)));
    await file.read(header, 0, header.length, 8);
    const facts = judgeSafetensors(header.toString('utf8'), length, size);
    return facts.ok
      ? { bytes: size, parameters: facts.parameters, problem: null }
      : { bytes: size, parameters: null, problem: facts.problem };
  } finally {
    await file.close();
  }
}

/** The architectures the installed script converts, from its conversion/__init__.py. */
async function supportedArchitectures(scriptPath: string | null): Promise<Set<string> | null> {
  if (!scriptPath) return null;
  const source = (await ifExists(readFile(join(dirname(scriptPath), 'conversion', '__init__.py'), 'utf8'))) ?? '';
  return parseTextModelMap(source);
}
