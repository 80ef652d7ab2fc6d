// Validation of everything the history store reads back: lines of
// messages.jsonl, meta.json, and imported files. Anything read from disk or a
// user's file is untrusted; a line that fails here is quarantined, not guessed at.
import { z } from 'zod';
import { OverflowPolicySchema } from '../chat/overflow-policy';
import { SchemaCheckSchema, StructuredOutputSchema } from '../chat/structured-output';
import { keptCitations } from '../knowledge/knowledge-citations';
import { ToolSelectionSchema } from '../tools/tool-selection';
import type {
  AnswerAuthor,
  ContentPart,
  ConversationMeta,
  MessagePatch,
  MetaPatch,
  NewConversation,
  NewMessage,
  StoredMessage,
  ToolCall,
} from './types';

/** Ids become folder names: no separators, no dots, bounded. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
export const IdSchema = z.string().regex(ID_PATTERN);

const time = z.number().finite();

export const ContentPartSchema: z.ZodType<ContentPart> = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string(), detail: z.string().optional() }) }),
  z.object({ type: z.literal('input_audio'), input_audio: z.object({ data: z.string(), format: z.string() }) }),
]);

export const ToolCallSchema: z.ZodType<ToolCall> = z.object({
  id: z.string(),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

export const MessageStatusSchema = z.enum(['complete', 'partial', 'interrupted', 'stopped', 'error']);
export const MessageRoleSchema = z.enum(['system', 'user', 'assistant', 'tool']);

/** Who wrote an answer; a history written before answers kept it has none, so the field is optional. */
export const AnswerAuthorSchema: z.ZodType<AnswerAuthor> = z.object({
  kind: z.enum(['local', 'link']),
  model: z.string().max(1000),
  linkId: z.string().max(100).optional(),
  linkName: z.string().max(500).optional(),
});

/**
 * What a message carries besides its identity and place in the tree (shared by stored messages, new ones and patches).
 */
const messageFields = {
  content: z.union([z.string(), z.array(ContentPartSchema)]),
  reasoning: z.string().optional(),
  toolCalls: z.array(ToolCallSchema).optional(),
  toolCallId: z.string().optional(),
  name: z.string().optional(),
  timings: z.record(z.string(), z.number()).optional(),
  usage: z
    .object({
      prompt_tokens: z.number(),
      completion_tokens: z.number(),
      total_tokens: z.number(),
      cached_tokens: z.number().optional(),
    })
    .optional(),
  status: MessageStatusSchema.optional(),
  error: z
    .object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() })
    .optional(),
  // Entry by entry (at most MAX_CITATIONS): a damaged citation is dropped, the answer it belongs to is kept.
  citations: z.array(z.unknown()).transform(keptCitations).optional(),
  // A history written before answers kept their notices has none: the field is optional.
  notices: z
    .array(
      z
        .object({
          code: z.enum(['knowledge_failed', 'compaction_failed', 'compaction_short']),
          message: z.string().max(10_000),
        })
        .strict(),
    )
    .max(16)
    .optional(),
  author: AnswerAuthorSchema.optional(),
  schemaCheck: SchemaCheckSchema.optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
};

export const StoredMessageSchema: z.ZodType<StoredMessage> = z.object({
  ...messageFields,
  id: IdSchema,
  parentId: IdSchema.nullable(),
  role: MessageRoleSchema,
  status: MessageStatusSchema,
  createdAt: time,
  updatedAt: time,
});

export const EndpointSchema = z.object({
  kind: z.enum(['local', 'link']),
  baseUrl: z.string(),
  model: z.string(),
  linkId: z.string().max(100).optional(),
});

export const ConversationMetaSchema: z.ZodType<ConversationMeta> = z.object({
  id: IdSchema,
  title: z.string(),
  endpoint: EndpointSchema,
  systemPrompt: z.string(),
  sampling: z.record(z.string(), z.unknown()),
  nCtx: z.number().int().nullable(),
  overflow: OverflowPolicySchema.optional(),
  toolSelection: ToolSelectionSchema.optional(),
  structuredOutput: StructuredOutputSchema.optional(),
  slotId: z.number().int().nullable(),
  createdAt: time,
  updatedAt: time,
  messageCount: z.number().int().min(0),
  pinned: z.boolean(),
  activeLeafId: IdSchema.nullable(),
  activeSetAt: time,
  version: z.number().int().min(1),
});

/** Reads only the version of a meta.json, so a newer file is recognised even when the rest does not validate. */
export const MetaVersionSchema = z.object({ version: z.number().int().min(1) });

// Inputs of the history calls, for the contract to validate at the boundary.
const metaFields = {
  title: z.string().max(500),
  endpoint: EndpointSchema,
  systemPrompt: z.string().max(200_000),
  sampling: z.record(z.string(), z.unknown()),
  nCtx: z.number().int().min(0).nullable(),
  slotId: z.number().int().min(0).nullable(),
  pinned: z.boolean(),
  overflow: OverflowPolicySchema,
  toolSelection: ToolSelectionSchema,
  structuredOutput: StructuredOutputSchema,
};
/** `create` input. */
export const NewConversationSchema: z.ZodType<NewConversation, NewConversation> = z
  .object(metaFields)
  .partial()
  .strict();
/** `updateMeta` input. */
export const MetaPatchSchema: z.ZodType<MetaPatch> = z.object(metaFields).partial().strict();

/** `appendMessage` / `beginStream` input. */
export const NewMessageSchema: z.ZodType<NewMessage> = z
  .object({ ...messageFields, id: IdSchema.optional(), parentId: IdSchema.nullable(), role: MessageRoleSchema })
  .strict();
/** `updateMessage` / `updateStream` / `endStream` input. */
export const MessagePatchSchema: z.ZodType<MessagePatch> = z.object(messageFields).partial().strict();
