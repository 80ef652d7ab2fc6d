// Reading ahead (prompt prefill): while the user types a question to the local
// model, the core has llama-server read the conversation and the draft into the
// slot the answer will use, so at the send only the last few tokens are left to
// read. On a CPU a long question or a pasted text is seconds of prompt reading,
// which the user then no longer waits for after pressing Send.
import { z } from 'zod';
import { IdSchema } from '../history/schemas';
import { AgentRunSchema } from '../tools/schemas';
import { ChatMessageSchema, EndpointRefSchema, SamplingSchema } from './schemas';

/** `chat:prefill` input: the request `chat:send` would carry if the draft were sent now. */
export const PrefillSchema = z
  .object({
    endpoint: EndpointRefSchema,
    systemPrompt: z.string().max(1_000_000),
    /** the conversation so far and the draft as its last (user) message */
    messages: z.array(ChatMessageSchema).min(1).max(100_000),
    sampling: SamplingSchema,
    idSlot: z.number().int().min(0).max(1024).nullable(),
    /** the open conversation; null for a new one */
    conversationId: IdSchema.nullable(),
    /** with tools on: the send is an agent run with these tool choices, and its first request is read ahead */
    agent: z
      .object({ enableTools: AgentRunSchema.shape.enableTools, disableTools: AgentRunSchema.shape.disableTools })
      .strict()
      .optional(),
  })
  .strict();
export type PrefillInput = z.infer<typeof PrefillSchema>;

export type PrefillResult =
  /** `cached`: tokens the server already held; `read`: tokens it read now */
  | { done: true; cached: number; read: number; ms: number }
  /** nothing was sent, and why (a link, an answer under way, another read-ahead running…) */
  | { done: false; why: string };
