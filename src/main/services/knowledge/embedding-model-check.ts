// Reads an embedding model's GGUF header to say, before its server starts, whether it
// is an embedding model at all: a chat model loads and answers /v1/embeddings, but its
// vectors put unrelated texts side by side. The verdict itself is embeddingModelVerdict.
import type { EmbeddingModelCheck } from '@shared/knowledge/knowledge-types';
import { embeddingModelVerdict } from '@shared/knowledge/embedding-model-kind';
import { readGgufHeader } from '../backend/gguf/gguf-reader';

export async function checkEmbeddingModel(path: string): Promise<EmbeddingModelCheck> {
  const header = await readGgufHeader(path, {
    keys: (key) =>
      key === 'general.architecture' ||
      key === 'tokenizer.chat_template' ||
      key.endsWith('.pooling_type') ||
      key.endsWith('.attention.causal'),
  }).catch((error: unknown) => error as Error);
  if (header instanceof Error)
    return {
      path,
      verdict: 'unreadable',
      architecture: null,
      pooling: null,
      chatTemplate: false,
      reason: `the header cannot be read: ${header.message}`,
    };
  const arch = header.metadata.get('general.architecture');
  const architecture = typeof arch === 'string' ? arch : '';
  const pooling = header.metadata.get(`${architecture}.pooling_type`);
  const causal = header.metadata.get(`${architecture}.attention.causal`);
  return embeddingModelVerdict(path, {
    architecture,
    pooling: typeof pooling === 'number' ? pooling : null,
    causalAttention: typeof causal === 'boolean' ? causal : null,
    chatTemplate: typeof header.metadata.get('tokenizer.chat_template') === 'string',
  });
}
