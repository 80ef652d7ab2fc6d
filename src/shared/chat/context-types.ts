// The context window as both sides see it: how a conversation that no longer
// fits is handled (its overflow policy), a token count of the prompt that would
// be sent, and the load dialog's recommended context size.
import { z } from 'zod';
import { ChatMessageSchema, EndpointRefSchema } from './schemas';

export * from './overflow-policy';

/** `chat:count-tokens` input: the messages a send would carry, to the endpoint it would go to. */
export const CountTokensSchema = z
  .object({
    endpoint: EndpointRefSchema,
    systemPrompt: z.string().max(1_000_000),
    messages: z.array(ChatMessageSchema).max(100_000),
  })
  .strict();
export type CountTokensInput = z.infer<typeof CountTokensSchema>;

/** A prompt's size in tokens: exact when the server's own template and tokenizer counted it, else chars/3.5. */
export interface TokenCount {
  tokens: number;
  exact: boolean;
  /** the endpoint's context per request (llama-server's n_ctx per slot); null when it does not say */
  nCtx: number | null;
}

/** Why the recommended context is what it is (the dialog words it). */
export type ContextLimit = 'trained' | 'memory' | 'memory_unknown' | 'no_trained';

/** The load dialog's default context: the trained context, capped by what memory allows for the KV cache. */
export interface ContextRecommendation {
  tokens: number;
  /** the model's trained context (GGUF `<arch>.context_length`); 0 when the file does not say */
  trained: number;
  /** the most tokens whose KV cache fits beside the weights, as a round number; null when free memory is unknown */
  memoryAllows: number | null;
  /** where the KV cache lives: system RAM, or VRAM when every layer is offloaded */
  memory: 'ram' | 'vram';
  /** KV cache bytes per token at f16 (0: unknown) */
  kvBytesPerToken: number;
  limit: ContextLimit;
}
