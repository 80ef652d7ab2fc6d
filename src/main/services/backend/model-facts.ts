// What the app knows about a model before it loads it (name, architecture, layer
// count, context length, sizes, chat template or not), derived from the GGUF
// header's key/values: the model card shows them and the -ngl estimate plans with
// them. A header without a layer count, or a partial download whose last tensors
// lie past the end of the file, is refused with `model_invalid`.
import { basename } from 'node:path';
import type { ModelFacts } from '@shared/contract';
import { invalidGguf, truncatedGguf } from './gguf-cursor';
import { readGgufHeader, type GgufHeader } from './gguf-reader';
import { kvBytesPerToken } from './recommend-context';

/** The facts the app shows and plans with, read from the model's (and the optional mmproj's) header. */
export async function readModelFacts(path: string, mmprojPath?: string): Promise<ModelFacts> {
  const header = await readGgufHeader(path, { tensors: true });
  assertTensorsStartInFile(header, path);
  const architecture = header.metadata.get('general.architecture');
  if (typeof architecture !== 'string' || architecture === '') {
    throw invalidGguf(`invalid GGUF: no general.architecture in ${path}`, { path });
  }
  const name = header.metadata.get('general.name');
  const mmprojSize = mmprojPath ? await mmprojFileSize(mmprojPath) : 0;
  return {
    path,
    name: typeof name === 'string' && name.trim() !== '' ? name : basename(path).replace(/\.gguf$/i, ''),
    architecture,
    nLayer: countOf(header, `${architecture}.block_count`, path, true),
    contextLength: countOf(header, `${architecture}.context_length`, path, false),
    embeddingLength: countOf(header, `${architecture}.embedding_length`, path, false),
    fileSize: header.fileSize,
    mmprojSize,
    hasChatTemplate: typeof header.metadata.get('tokenizer.chat_template') === 'string',
    kvBytesPerToken: kvBytesPerToken(header.metadata, architecture),
  };
}

async function mmprojFileSize(path: string): Promise<number> {
  const header = await readGgufHeader(path, { tensors: true });
  assertTensorsStartInFile(header, path);
  return header.fileSize;
}

/** A partial download keeps a valid header, so look at where the tensors start: the last ones lie past the end. */
function assertTensorsStartInFile(header: GgufHeader, path: string): void {
  for (const tensor of header.tensors ?? []) {
    const start = (header.dataOffset ?? 0) + tensor.offset;
    if (start >= header.fileSize) {
      throw truncatedGguf(`truncated GGUF: tensor ${tensor.name} starts at byte ${start} but the file ends at byte ${header.fileSize} (an incomplete download?)`, {
        path,
        tensor: tensor.name,
        fileSize: header.fileSize,
      });
    }
  }
}

function countOf(header: GgufHeader, key: string, path: string, required: boolean): number {
  const value = header.metadata.get(key);
  if (value === undefined && !required) return 0;
  const n = typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw invalidGguf(`invalid GGUF: ${value === undefined ? 'missing' : 'bad'} ${key}`, { path, key });
  }
  return n;
}
