// The Model info page's part of the contract (EVA's 模型信息): a GGUF file's
// summary, pages of its tensors and vocabulary searched in the core, and the
// local server's /props and /slots. contract.ts spreads these into the one contract.
import { z } from 'zod';
import type { LiveServer, ModelInfo, SearchPage, TensorRow, VocabToken } from './model-info-types';

const channel = <I extends z.ZodType, O>(input: I) => ({ input, output: undefined as unknown as O });
const empty = z.object({}).strict().optional();
const path = z.string().min(1).max(4096);
/** The most rows one page carries: a vocabulary of 150k tokens never crosses to the page whole. */
export const MODEL_INFO_PAGE_MAX = 500;
const page = {
  path,
  query: z.string().max(200).optional(),
  offset: z.number().int().min(0).max(10_000_000).optional(),
  limit: z.number().int().min(1).max(MODEL_INFO_PAGE_MAX).optional(),
};
const fileRef = z.object({ path }).strict();
const tensors = z.object(page).strict();
const vocab = z.object({ ...page, special: z.boolean().optional() }).strict();

/** The Model info page's channels (spread into contract.ts's invokeChannels). */
export const modelInfoChannels = {
  /**
   * A GGUF file's summary: architecture, sizes, parameter count, quantization per type, tokenizer, special tokens, chat
   * templates, metadata.
   */
  'model-info:read': channel<typeof fileRef, ModelInfo>(fileRef),
  /** A page of the file's tensors; `query` matches a name part or a type (q4_k). */
  'model-info:tensors': channel<typeof tensors, SearchPage<TensorRow>>(tensors),
  /**
   * A page of the vocabulary; `query` matches a part of the token (a space also as ▁ or Ġ) or its id; `special` keeps
   * control, user-defined and unknown tokens only.
   */
  'model-info:vocab': channel<typeof vocab, SearchPage<VocabToken>>(vocab),
  /** The local server's /props and /slots now; `stopped` when no model is running. */
  'model-info:live': channel<typeof empty, LiveServer>(empty),
} as const;
