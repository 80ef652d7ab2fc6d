// Reads a GGUF file for the Model info page, once: the header with its tensor
// infos, the vocabulary's tokens and token types kept (the scores and merges are
// only counted), and keeps the last few files read so paging through a vocabulary
// does not read it again. A file changed on disk (size or time) is read afresh.
import { stat } from 'node:fs/promises';
import { fsFailure, readGgufHeader } from '@main/services/backend/gguf/gguf-reader';
import { truncatedGguf, invalidGguf } from '@main/services/backend/gguf/gguf-cursor';
import { describeGguf, type DescribedModel } from './describe-gguf';
import { searchableVocab, type SearchableVocab } from './model-info-search';

/** A file read for the page: its description and its vocabulary ready to search. */
export interface ModelFile extends DescribedModel {
  vocab: SearchableVocab;
}

const KEPT_ARRAYS = ['tokenizer.ggml.tokens', 'tokenizer.ggml.token_type'];
// A vocabulary is a few MB in memory; the page looks at one model at a time, maybe two.
const KEEP_FILES = 2;

/**
 * Reads `path`; throws AppFailure: model_missing / model_unreadable / model_invalid (details.reason not_gguf or
 * gguf_truncated).
 */
export async function readModelFile(path: string): Promise<ModelFile> {
  const header = await readGgufHeader(path, { tensors: true, keepArrays: KEPT_ARRAYS });
  if (typeof header.metadata.get('general.architecture') !== 'string') {
    throw invalidGguf(`invalid GGUF: no general.architecture in ${path}`, { path });
  }
  // A partial download keeps a whole header: its last tensors start past the end of the file.
  for (const tensor of header.tensors ?? []) {
    const start = (header.dataOffset ?? 0) + tensor.offset;
    if (start >= header.fileSize) {
      throw truncatedGguf(
        `truncated GGUF: tensor ${tensor.name} starts at byte ${start} but the file ends at byte ${header.fileSize} (an incomplete download?)`,
        { path, tensor: tensor.name, fileSize: header.fileSize },
      );
    }
  }
  const described = describeGguf(path, header);
  return { ...described, vocab: searchableVocab(described.tokens, described.kinds) };
}

/** The files read lately, by path; `get` reads a file again when it changed on disk. */
export function createModelFileCache(read: (path: string) => Promise<ModelFile> = readModelFile) {
  const entries = new Map<string, { size: number; mtimeMs: number; file: Promise<ModelFile> }>();
  return {
    async get(path: string): Promise<ModelFile> {
      let info;
      try {
        info = await stat(path);
      } catch (error) {
        throw fsFailure(error, path);
      }
      const cached = entries.get(path);
      if (cached && cached.size === info.size && cached.mtimeMs === info.mtimeMs) {
        // Most recently used last, so the oldest is the one dropped.
        entries.delete(path);
        entries.set(path, cached);
        return cached.file;
      }
      const file = read(path);
      entries.delete(path);
      entries.set(path, { size: info.size, mtimeMs: info.mtimeMs, file });
      while (entries.size > KEEP_FILES) entries.delete(entries.keys().next().value as string);
      // A failed read is not kept: the next look reads again (the download may have finished).
      file.catch(() => {
        if (entries.get(path)?.file === file) entries.delete(path);
      });
      return file;
    },
  };
}
