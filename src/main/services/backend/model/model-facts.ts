// What the app knows about a model before it loads it (name, architecture, layer
// count, context length, sizes, chat template or not), derived from the GGUF
// header's key/values: the model card shows them and the -ngl estimate plans with
// them. A header without a layer count, or a partial download whose last tensors
// lie past the end of the file, is refused with `model_invalid`.
import { basename } from 'node:path';
import type { ModelFacts } from '@shared/contract';
import { invalidGguf, truncatedGguf } from '../gguf/gguf-cursor';
import { readGgufHeader, type GgufHeader } from '../gguf/gguf-reader';
import { kvBytesPerToken } from './recommend-context';
import { watchTensorStarts } from '../gguf/tensor-past-end';

// The architecture's own keys these facts and kvBytesPerToken read, whatever the architecture is called.
const ARCHITECTURE_KEYS = [
  'block_count',
  'context_length',
  'embedding_length',
  'attention.head_count',
  'attention.head_count_kv',
  'attention.key_length',
  'attention.value_length',
];
const FACT_KEYS = new Set(['general.architecture', 'general.name', 'tokenizer.chat_template']);
const isFactKey = (key: string): boolean =>
  FACT_KEYS.has(key) ||
  (!key.startsWith('tokenizer.') && ARCHITECTURE_KEYS.some((suffix) => key.endsWith(`.${suffix}`)));

/** The facts the app shows and plans with, read from the model's (and the optional mmproj's) header. */
export async function readModelFacts(path: string, mmprojPath?: string): Promise<ModelFacts> {
  const header = await readCheckedHeader(path);
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
  return (await readCheckedHeader(path)).fileSize;
}

/** The keys the facts need, and no tensor past the end of the file (a partial download keeps a valid header). */
async function readCheckedHeader(path: string): Promise<GgufHeader> {
  const starts = watchTensorStarts();
  const header = await readGgufHeader(path, { keys: isFactKey, onTensor: starts.onTensor });
  const pastEnd = starts.pastEnd(header);
  if (pastEnd) {
    throw truncatedGguf(
      `truncated GGUF: tensor ${pastEnd.name} starts at byte ${pastEnd.start} but the file ends at byte ${header.fileSize} (an incomplete download?)`,
      {
        path,
        tensor: pastEnd.name,
        fileSize: header.fileSize,
      },
    );
  }
  return header;
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
