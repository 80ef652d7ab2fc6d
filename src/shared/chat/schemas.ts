// Boundary schemas for chat calls: what the renderer may send to the core. They
// mirror types.ts; `satisfies` below makes the compiler say when the two drift.
import { z } from 'zod';
import { IdSchema, NewConversationSchema } from '../history/schemas';
import { baseUrlProblem } from './base-url';
import { OverflowPolicySchema } from './overflow-policy';
import { StructuredOutputSchema } from './structured-output';
import type { ChatMessage, SamplingSettings, ToolDefinition } from './types';

// A pasted screenshot as a data URL is a few MB; leave room for large images and audio.
const MAX_PART_CHARS = 64 * 1024 * 1024;

const ContentPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('image_url'),
    image_url: z.object({ url: z.string().max(MAX_PART_CHARS), detail: z.string().max(16).optional() }),
  }),
  z.object({
    type: z.literal('input_audio'),
    input_audio: z.object({ data: z.string().max(MAX_PART_CHARS), format: z.string().max(16) }),
  }),
  z.object({ type: z.literal('audio_url'), audio_url: z.object({ url: z.string().max(MAX_PART_CHARS) }) }),
]);

const ToolCallSchema = z.object({
  id: z.string().max(200),
  type: z.literal('function'),
  function: z.object({ name: z.string().max(200), arguments: z.string() }),
});

export const ChatMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(ContentPartSchema).max(64)]),
  reasoning: z.string().optional(),
  toolCalls: z.array(ToolCallSchema).max(64).optional(),
  toolCallId: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
}) satisfies z.ZodType<ChatMessage>;

/** An OpenAI function tool offered with a chat request (native tool calls). */
export const ToolDefinitionSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().min(1).max(200),
    description: z.string().max(100_000).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
}) satisfies z.ZodType<ToolDefinition>;

export const SamplingSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  top_k: z.number().int().min(0).max(10_000).optional(),
  top_p: z.number().min(0).max(1).optional(),
  min_p: z.number().min(0).max(1).optional(),
  repeat_penalty: z.number().min(0).max(10).optional(),
  max_tokens: z.number().int().min(-1).max(10_000_000).optional(),
  stop: z.array(z.string().max(200)).max(32).optional(),
  seed: z.number().int().min(-1).optional(),
}) satisfies z.ZodType<SamplingSettings>;

/** Which server a request goes to: the managed llama-server, or a saved link profile. */
export const EndpointRefSchema = z.discriminatedUnion('kind', [
  /** `model`: one of the pool's models (router mode); absent: the loaded model */
  z.object({ kind: z.literal('local'), model: z.string().min(1).max(200).optional() }),
  z.object({ kind: z.literal('link'), linkId: z.string().min(1).max(100) }),
]);
export type EndpointRef = z.infer<typeof EndpointRefSchema>;

const requestBase = {
  /** chosen by the renderer so it can match `chat:stream` events and call `chat:stop` */
  requestId: z.string().min(1).max(100),
  endpoint: EndpointRefSchema,
  sampling: SamplingSchema,
  /** llama-server slot to reuse for a KV-cache hit; null lets the server choose */
  idSlot: z.number().int().min(0).max(1024).nullable(),
};

/**
 * Where the core saves this exchange in the history as it streams: the new
 * question (when there is one; a regeneration has none) under `parentId`, and
 * the answer under the question (or under `parentId`). Saving in the core means
 * a closed window or a crashed renderer loses nothing.
 */
export const ChatRecordSchema = z.object({
  conversationId: IdSchema,
  parentId: IdSchema.nullable(),
  answerId: IdSchema,
  question: z.object({ id: IdSchema, content: ChatMessageSchema.shape.content }).optional(),
  /** the conversation is new: create it with this id first (so the first question costs no extra round trip) */
  create: NewConversationSchema.optional(),
});
export type ChatRecord = z.infer<typeof ChatRecordSchema>;

/**
 * Where a send's messages are saved, so a summary checkpoint can stand in for the first of them
 * (@shared/history/checkpoints): `ids[i]` is the message the send's message i was made from (the last one where the
 * page merged two). The last question may not be saved yet; it is never summarised.
 */
export const SavedMessagesSchema = z.object({ conversationId: IdSchema, ids: z.array(IdSchema).max(100_000) }).strict();
export type SavedMessages = z.infer<typeof SavedMessagesSchema>;

/** How the core fits a send: the endpoint's context per request (null: unknown, nothing left out) and the policy. */
export const SendFitSchema = z
  .object({
    nCtx: z.number().int().min(1).max(100_000_000).nullable(),
    policy: OverflowPolicySchema,
    saved: SavedMessagesSchema.optional(),
  })
  .strict();
export type SendFit = z.infer<typeof SendFitSchema>;

export const ChatSendSchema = z.discriminatedUnion('mode', [
  z.object({
    ...requestBase,
    mode: z.literal('chat'),
    systemPrompt: z.string().max(1_000_000),
    messages: z.array(ChatMessageSchema).min(1).max(100_000),
    /** sent as the request's `tools` (native tool calls); leave out for a plain chat */
    tools: z.array(ToolDefinitionSchema).max(512).optional(),
    record: ChatRecordSchema.optional(),
    /**
     * Continue: the last message is an answer that was cut off (stopped, failed, interrupted by a
     * crash); the model goes on from its text (assistant prefill) and the stream carries that text
     * first, then the new words. With a record, `answerId` is that saved answer, which grows in place.
     */
    continueAnswer: z.boolean().optional(),
    /**
     * Fit in the core: `messages` are the whole conversation, and the core leaves out what the overflow policy says
     * once the knowledge passages are in (the plan `chat:plan` shows); absent: sent as they are.
     */
    fit: SendFitSchema.optional(),
    /** the answer must fit this JSON schema: sent as `response_format`, the finished answer checked against it */
    structuredOutput: StructuredOutputSchema.optional(),
  }),
  /** EVA's 补完 (completion): the whole text is the prompt, streamed in place. */
  z.object({ ...requestBase, mode: z.literal('completion'), prompt: z.string().max(50_000_000) }),
]);
export type ChatSendInput = z.infer<typeof ChatSendSchema>;

/** A link-mode base URL as the renderer may send it: http(s), a host, no credentials (base-url.ts says why). */
export const HttpBaseUrlSchema = z
  .string()
  .max(2000)
  .superRefine((text, context) => {
    const problem = baseUrlProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem.message, params: { problem: problem.code } });
  });

/**
 * A saved link-mode endpoint. Its API key lives in the secret store, never here.
 * The stored form keeps the looser URL check of older versions, so a profile saved
 * back then does not make the whole settings file "corrupt"; new input is checked
 * by LinkSaveSchema, and the link service refuses to use a stored URL that fails it.
 */
export const LinkProfileSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  presetId: z.string().max(100),
  baseUrl: z.string().url().max(2000),
  model: z.string().max(500),
});
export type LinkProfile = z.infer<typeof LinkProfileSchema>;

export const LinkSaveSchema = z.object({
  profile: LinkProfileSchema.partial({ id: true }).extend({ baseUrl: HttpBaseUrlSchema }),
  /** undefined keeps the stored key, null removes it, a string replaces it */
  apiKey: z.string().max(4096).nullable().optional(),
});

export const LinkTestSchema = z.object({
  baseUrl: HttpBaseUrlSchema,
  /** test with the stored key of this profile */
  linkId: z.string().max(100).optional(),
  /** or with a key typed in but not saved yet */
  apiKey: z.string().max(4096).optional(),
});

/** Conventions (约定) and sampling defaults, persisted in settings. */
export const ChatSettingsSchema = z.object({
  endpoint: EndpointRefSchema,
  systemPrompt: z.string().max(1_000_000),
  templates: z.array(z.object({ name: z.string().min(1).max(200), text: z.string().max(1_000_000) })).max(100),
  userName: z.string().max(100),
  modelName: z.string().max(100),
  stopWords: z.array(z.string().max(200)).max(32),
  sampling: SamplingSchema,
  sendKey: z.enum(['ctrl-enter', 'enter']),
  /** after the first answer, ask the model for a short title in the background (costs one small request) */
  autoTitle: z.boolean(),
  /** while the user types to the local model, read the draft ahead into its KV cache (@shared/chat/prefill.ts) */
  readAhead: z.boolean(),
  /** what a send does when a conversation no longer fits the context (a conversation may choose its own) */
  overflow: OverflowPolicySchema,
  /** disk for the conversation cache (each left conversation's KV cache, for instant reopen); 0 turns it off */
  reopenCacheMb: z.number().int().min(0).max(10_000_000),
});
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;
