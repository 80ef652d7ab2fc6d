// Which projector (mmproj) goes with which model: llama.cpp needs both files for
// a vision or audio model, and they sit side by side in one folder. With one
// projector in the folder it serves every model there; with several, the one whose
// name shares the longest start with the model's (quantization and "mmproj" left
// out) wins. Pure.
import { quantizationFromName, splitPartOf } from './gguf-file-names';

export interface PairingCandidate {
  path: string;
  /** the folder the file is in */
  dir: string;
  fileName: string;
  isProjector: boolean;
  usable: boolean;
}

/** Model path → projector path, for the models that have one beside them. */
export function pairProjectors(files: readonly PairingCandidate[]): Map<string, string> {
  const projectorsByDir = new Map<string, PairingCandidate[]>();
  for (const file of files) {
    if (!file.isProjector || !file.usable) continue;
    projectorsByDir.set(file.dir, [...(projectorsByDir.get(file.dir) ?? []), file]);
  }
  const pairs = new Map<string, string>();
  for (const model of files) {
    if (model.isProjector) continue;
    const projectors = projectorsByDir.get(model.dir);
    if (!projectors) continue;
    const best = [...projectors].sort(
      (a, b) =>
        sharedStart(model.fileName, b.fileName) - sharedStart(model.fileName, a.fileName) ||
        a.fileName.localeCompare(b.fileName),
    )[0];
    if (best) pairs.set(model.path, best.path);
  }
  return pairs;
}

function stemOf(fileName: string): string {
  const stem = splitPartOf(fileName)?.stem ?? fileName.replace(/\.gguf$/i, '');
  const quant = quantizationFromName(fileName);
  return stem
    .replace(/(^|[-_.])mmproj(?=[-_.]|$)/i, '')
    .replace(quant ? new RegExp(`[-_.]?${quant}$`, 'i') : /$^/, '')
    .replace(/^[-_.]+/, '')
    .toLowerCase();
}

function sharedStart(modelName: string, projectorName: string): number {
  const a = stemOf(modelName);
  const b = stemOf(projectorName);
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
