// The library's view of one `.gguf` header: name, architecture, quantization,
// size label, trained context, projector or not. A file that is not a readable
// GGUF gives `problem` in words instead of throwing: one broken download must not
// hide the rest of the library.
import { basename } from 'node:path';
import { readGgufHeader, type GgufHeader } from '@main/services/backend/gguf-reader';
import { fileTypeName, isProjectorName, quantizationFromName } from './gguf-file-names';

export interface GgufSummary {
  name: string;
  architecture: string;
  quantization: string;
  parameters: string | null;
  contextLength: number;
  isProjector: boolean;
  problem: string | null;
}

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
  };
  let header: GgufHeader;
  try {
    header = await readGgufHeader(path, { tensors: true });
  } catch (error) {
    return { ...fallback, problem: problemText(error) };
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
    problem: architecture === '' ? 'The file has no general.architecture: it is not a model llama.cpp can load.' : truncation(header),
  };
}

/** A partial download keeps a whole header; its last tensors start past the end of the file. */
function truncation(header: GgufHeader): string | null {
  for (const tensor of header.tensors ?? []) {
    if ((header.dataOffset ?? 0) + tensor.offset >= header.fileSize) {
      return `The file is cut short (tensor ${tensor.name} lies past its end): an incomplete download? Download it again.`;
    }
  }
  return null;
}

function problemText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // The reader's sentences start lower-case ("not a GGUF file …"); the library shows them alone.
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?)]$/.test(message) ? '' : '.'}`;
}
