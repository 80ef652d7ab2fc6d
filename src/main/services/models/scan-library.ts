// The library: every `.gguf` under the library folders with its header facts,
// split models listed once (by their first part), projectors paired with the
// models beside them. Headers are cached by path, size and time, so a rescan
// reads only files that changed.
import { resolve } from 'node:path';
import type { LibraryModel } from '@shared/models/model-library';
import { findGgufFiles, type FoundFile } from './find-gguf-files';
import { splitPartName, splitPartOf } from '@shared/models/gguf-file-names';
import { summarizeGguf, type GgufSummary } from './gguf-summary';
import { pairProjectors } from '@shared/models/projector-pairing';

export interface LibraryScan {
  models: LibraryModel[];
  /** every `.gguf` file found, split parts included (what "already have it" compares with) */
  files: FoundFile[];
}

export type SummaryCache = Map<string, { key: string; summary: GgufSummary }>;

export async function scanLibrary(folders: readonly string[], cache: SummaryCache = new Map()): Promise<LibraryScan> {
  const seen = new Set<string>();
  const found: { file: FoundFile; folder: string }[] = [];
  for (const folder of folders.map((f) => resolve(f))) {
    for (const file of await findGgufFiles(folder)) {
      // A folder inside another library folder, or one file reached along two paths (a folder that links to
      // another, the download folder under a linked data dir, a hard link): each file is listed once, under the first.
      if (seen.has(file.path) || (file.fileId !== null && seen.has(file.fileId))) continue;
      seen.add(file.path);
      if (file.fileId !== null) seen.add(file.fileId);
      found.push({ file, folder });
    }
  }
  const byPath = new Map(found.map(({ file }) => [file.path, file]));
  const models: LibraryModel[] = [];
  for (const { file, folder } of found) {
    const split = splitPartOf(file.fileName);
    if (split && split.part !== 1) continue;
    const summary = await cachedSummary(file, cache);
    let sizeBytes = file.sizeBytes;
    let problem = summary.problem;
    let problemReason = summary.problemReason;
    if (split) {
      const missing: number[] = [];
      for (let part = 2; part <= split.of; part++) {
        const other = byPath.get(resolve(file.dir, splitPartName(file.fileName, part, split.of)));
        if (other) sizeBytes += other.sizeBytes;
        else missing.push(part);
      }
      if (missing.length > 0 && problem === null) {
        problem = `Part ${missing.join(', ')} of ${split.of} is missing from ${file.dir}; the model needs every part in the same folder.`;
        problemReason = 'split_part_missing';
      }
    }
    models.push({
      path: file.path,
      fileName: file.fileName,
      folder,
      sizeBytes,
      modifiedMs: file.modifiedMs,
      name: summary.name,
      architecture: summary.architecture,
      quantization: summary.quantization,
      parameters: summary.parameters,
      contextLength: summary.contextLength,
      isProjector: summary.isProjector,
      mmprojPath: null,
      problem,
      ...(problemReason ? { problemReason } : {}),
      ...(summary.overLimit ? { overLimit: summary.overLimit } : {}),
    });
  }
  const pairs = pairProjectors(
    models.map((m) => ({
      path: m.path,
      dir: byPath.get(m.path)?.dir ?? m.folder,
      fileName: m.fileName,
      isProjector: m.isProjector,
      usable: m.problem === null,
    })),
  );
  for (const model of models) model.mmprojPath = pairs.get(model.path) ?? null;
  return { models, files: found.map(({ file }) => file) };
}

async function cachedSummary(file: FoundFile, cache: SummaryCache): Promise<GgufSummary> {
  const key = `${file.sizeBytes}:${file.modifiedMs}`;
  const hit = cache.get(file.path);
  if (hit && hit.key === key) return hit.summary;
  const summary = await summarizeGguf(file.path);
  cache.set(file.path, { key, summary });
  return summary;
}
