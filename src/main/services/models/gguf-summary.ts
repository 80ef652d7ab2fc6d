// The library's view of one `.gguf` header: name, architecture, quantization,
// size label, trained context, projector or not. A file that is not a readable
// GGUF gives `problem` in words instead of throwing: one broken download must not
// hide the rest of the library. It runs for every file at every listing, so it
// keeps only the few keys it shows, within a small budget, and walks the tensor
// infos without keeping them: a crafted header costs it next to nothing.
import { basename } from 'node:path';
import { LIBRARY_PROBLEM_REASONS, type GgufOverLimit, type LibraryProblemReason } from '@shared/models/model-library';
import { errorText, AppFailure } from '@shared/errors';
import { readGgufHeader, type GgufHeader } from '@main/services/backend/gguf/gguf-reader';
import { watchTensorStarts, type TensorPastEnd } from '@main/services/backend/gguf/tensor-past-end';
import { fileTypeName, isProjectorName, quantizationFromName } from '@shared/models/gguf-file-names';

export interface GgufSummary {
  name: string;
  architecture: string;
  quantization: string;
  parameters: string | null;
  contextLength: number;
  isProjector: boolean;
  problem: string | null;
  /** why, as a LibraryProblemReason the UI words (set with `problem`) */
  problemReason: LibraryProblemReason | null;
  /** set when the file broke a limit of the reader */
  overLimit: GgufOverLimit | null;
}

const SUMMARY_KEYS = new Set(['general.architecture', 'general.name', 'general.file_type', 'general.size_label']);
// `<architecture>.context_length`: the architecture may come after it in the file.
const isSummaryKey = (key: string): boolean => SUMMARY_KEYS.has(key) || key.endsWith('.context_length');
/** A name and a size label are tens of bytes; the cache holds the summary of every file in the library. */
export const SUMMARY_KEPT_BYTES = 16 << 10;

/** Reads the header at `path`; never throws for a bad file. */
export async function summarizeGguf(path: string): Promise<GgufSummary> {
  const fileName = basename(path);
  const fallback: GgufSummary = {
    name: fileName.replace(/\.gguf$/i, ''),
    architecture: '',
    quantization: quantizationFromName(fileName),
    parameters: null,
    contextLength: 0,
    isProjector: isProjectorName(fileName),
    problem: null,
    problemReason: null,
    overLimit: null,
  };
  const starts = watchTensorStarts();
  let header: GgufHeader;
  try {
    header = await readGgufHeader(path, {
      keys: isSummaryKey,
      keptBytes: SUMMARY_KEPT_BYTES,
      onTensor: starts.onTensor,
    });
  } catch (error) {
    const overLimit = overLimitOf(error);
    return {
      ...fallback,
      problem: overLimit ? `Not a usable model file: ${(error as Error).message}.` : problemText(error),
      problemReason: reasonOf(error),
      overLimit,
    };
  }
  const text = (key: string): string | null => {
    const value = header.metadata.get(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const count = (key: string): number | null => {
    const value = header.metadata.get(key);
    const n = typeof value === 'bigint' ? Number(value) : value;
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
  };
  const architecture = text('general.architecture') ?? '';
  const fileType = count('general.file_type');
  return {
    name: text('general.name') ?? fallback.name,
    architecture,
    quantization: (fileType !== null ? fileTypeName(fileType) : null) ?? fallback.quantization,
    parameters: text('general.size_label'),
    contextLength: architecture ? (count(`${architecture}.context_length`) ?? 0) : 0,
    isProjector: architecture === 'clip' || fallback.isProjector,
    ...headerProblem(architecture, starts.pastEnd(header)),
    overLimit: null,
  };
}

/**
 * A header with no architecture, or a partial download: it keeps a whole header, but its last tensors start past the
 * end of the file.
 */
function headerProblem(
  architecture: string,
  pastEnd: TensorPastEnd | null,
): Pick<GgufSummary, 'problem' | 'problemReason'> {
  if (architecture === '')
    return {
      problem: 'The file has no general.architecture: it is not a model llama.cpp can load.',
      problemReason: 'no_architecture',
    };
  return pastEnd
    ? {
        problem: `The file is cut short (tensor ${pastEnd.name} lies past its end): an incomplete download? Download it again.`,
        problemReason: 'tensor_past_end',
      }
    : { problem: null, problemReason: null };
}

/** The reader's reason for a file it refused (not_gguf, gguf_truncated, …); unreadable for an I/O failure. */
function reasonOf(error: unknown): LibraryProblemReason {
  const reason = error instanceof AppFailure ? error.details?.reason : undefined;
  return (LIBRARY_PROBLEM_REASONS as readonly unknown[]).includes(reason)
    ? (reason as LibraryProblemReason)
    : 'unreadable';
}

function overLimitOf(error: unknown): GgufOverLimit | null {
  const details = error instanceof AppFailure ? error.details : undefined;
  if (details?.reason !== 'gguf_over_limit') return null;
  const { limit, found, max } = details as unknown as GgufOverLimit;
  return { limit, found, max };
}

function problemText(error: unknown): string {
  const message = errorText(error);
  // The reader's sentences start lower-case ("not a GGUF file …"); the library shows them alone.
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?)]$/.test(message) ? '' : '.'}`;
}
