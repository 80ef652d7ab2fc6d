// Whether a GGUF is an embedding model, from its header alone, and whether the Test's
// figures show a model that tells related texts from unrelated ones. Pure: the header is
// read by the core (embedding-model-check.ts).
import type { EmbeddingModelCheck } from './knowledge-types';

/**
 * llama.cpp's architectures that are encoders, made to embed (bidirectional attention, pooled output): a file of one
 * of them is an embedding model whatever its pooling key says.
 */
export const EMBEDDING_ARCHITECTURES: ReadonlySet<string> = new Set([
  'bert',
  'modern-bert',
  'nomic-bert',
  'nomic-bert-moe',
  'neo-bert',
  'jina-bert-v2',
  'jina-bert-v3',
  't5encoder',
  'gemma-embedding',
]);

/** What the verdict rests on, as read from the header. */
export interface EmbeddingModelFacts {
  architecture: string;
  /** `<arch>.pooling_type`, or null where the file names none */
  pooling: number | null;
  /** `<arch>.attention.causal`, or null where the file does not say */
  causalAttention: boolean | null;
  chatTemplate: boolean;
}

/**
 * An encoder architecture, a pooling the file names (decoder-based embedders such as Qwen3-Embedding name `last`), or
 * attention said not to be causal: an embedding model. Anything else is a causal language model, a chat model.
 */
export function embeddingModelVerdict(
  path: string,
  facts: EmbeddingModelFacts,
): Omit<EmbeddingModelCheck, 'verdict'> & { verdict: 'embedding' | 'chat' } {
  const base = { path, architecture: facts.architecture, pooling: facts.pooling, chatTemplate: facts.chatTemplate };
  if (EMBEDDING_ARCHITECTURES.has(facts.architecture))
    return { ...base, verdict: 'embedding', reason: `${facts.architecture} is an embedding architecture` };
  if (facts.pooling !== null && facts.pooling > 0)
    return { ...base, verdict: 'embedding', reason: `the file names a pooling type (${facts.pooling})` };
  if (facts.causalAttention === false)
    return { ...base, verdict: 'embedding', reason: 'the file says its attention is not causal' };
  const template = facts.chatTemplate ? ' and has a chat template' : '';
  return {
    ...base,
    verdict: 'chat',
    reason: `this looks like a chat model, not an embedding model: ${facts.architecture} is a causal language model, the file names no pooling type${template}`,
  };
}

/**
 * How far above the unrelated pair the related pair must score: embedding models put it 0.2–0.5 higher; a chat
 * model's pooled states put every pair of sentences close together.
 */
export const SEPARATION_MARGIN = 0.1;

/** The Test's verdict: the related sentences are clearly closer than the unrelated ones. */
export function embedderSeparates(related: number, unrelated: number): boolean {
  return related - unrelated >= SEPARATION_MARGIN;
}
