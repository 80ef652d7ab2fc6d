// JSON export and import. Our export is lossless (meta + every message of every
// branch, as stored); import also takes an OpenAI-style `messages` array (or a
// request body holding one), which becomes a linear conversation.
import { z } from 'zod';
import { historyFailure } from './errors';
import { contentText, defaultTitle, firstUserMessage } from './message-text';
import { ConversationMetaSchema, StoredMessageSchema } from './schemas';
import { namedEndpoint } from './answer-author';
import type { ContentPart, ConversationMeta, StoredMessage, ToolCall } from './types';

export const EXPORT_FORMAT = 'eva-history';
export const EXPORT_VERSION = 1;

/** A conversation as exported: exactly what the store holds. */
export interface ExportedConversation {
  meta: ConversationMeta;
  messages: StoredMessage[];
}

/** The JSON export file. */
export interface HistoryExport {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: number;
  conversations: ExportedConversation[];
}

/** A conversation parsed from an import file; the store gives it a new id. */
export interface ImportedConversation {
  meta: Omit<ConversationMeta, 'id'>;
  messages: StoredMessage[];
}

const ExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1).max(EXPORT_VERSION),
  exportedAt: z.number(),
  conversations: z.array(z.object({ meta: ConversationMetaSchema, messages: z.array(StoredMessageSchema) })),
});

export function toExportJson(conversations: ExportedConversation[], exportedAt: number): string {
  const named = conversations.map(({ meta, messages }) => ({
    meta: { ...meta, endpoint: namedEndpoint(meta.endpoint, messages) },
    messages,
  }));
  const doc: HistoryExport = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt, conversations: named };
  return `${JSON.stringify(doc, null, 1)}\n`;
}

const OpenAiPartSchema = z.looseObject({ type: z.string() });
const OpenAiMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(OpenAiPartSchema), z.null()]).optional(),
  name: z.string().optional(),
  tool_calls: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        function: z.looseObject({ name: z.string(), arguments: z.unknown().optional() }),
      }),
    )
    .optional(),
  tool_call_id: z.string().optional(),
  reasoning_content: z.string().optional(),
});
const OpenAiBodySchema = z.looseObject({ messages: z.array(OpenAiMessageSchema).min(1), model: z.string().optional() });

/** Parses an import file; throws a `history_bad_import` AppFailure saying what was wrong. */
export function parseImport(text: string, now: number): ImportedConversation[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw historyFailure('history_bad_import', `The file is not JSON: ${(error as Error).message}`);
  }
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && (raw as { format?: unknown }).format === EXPORT_FORMAT) {
    const parsed = ExportSchema.safeParse(raw);
    if (!parsed.success)
      throw historyFailure(
        'history_bad_import',
        `The EVA export is damaged or from a newer version: ${describe(parsed.error)}`,
      );
    return parsed.data.conversations.map(({ meta, messages }) => {
      const { id: _id, ...rest } = meta;
      return { meta: { ...rest, title: rest.title || titleOf(messages) }, messages: messages.map(withoutConsent) };
    });
  }
  const body = OpenAiBodySchema.safeParse(Array.isArray(raw) ? { messages: raw } : raw);
  if (!body.success)
    throw historyFailure(
      'history_bad_import',
      `Not an EVA export or an OpenAI messages array: ${describe(body.error)}`,
    );
  return [fromOpenAi(body.data.messages, body.data.model ?? '', now)];
}

/**
 * Consent is the user's, given in this session: a file never carries it. An
 * agent step's "allowed for this conversation" list in an imported message
 * (which a crafted file could fill with execute_command) is dropped.
 */
function withoutConsent(message: StoredMessage): StoredMessage {
  const agent = message.extra?.agent;
  if (!agent || typeof agent !== 'object' || !('conversationAllowed' in agent)) return message;
  const { conversationAllowed: _dropped, ...kept } = agent as Record<string, unknown>;
  return { ...message, extra: { ...message.extra, agent: kept } };
}

type OpenAiMessage = z.infer<typeof OpenAiMessageSchema>;

/** An imported conversation is named like a new one: after its first question, not "Untitled". */
function titleOf(messages: readonly StoredMessage[]): string {
  const first = firstUserMessage(messages);
  return first ? defaultTitle(contentText(first.content)) : '';
}

function fromOpenAi(list: OpenAiMessage[], model: string, now: number): ImportedConversation {
  let systemPrompt = '';
  const messages: StoredMessage[] = [];
  let parentId: string | null = null;
  list.forEach((item, index) => {
    const role = item.role === 'developer' ? 'system' : item.role === 'function' ? 'tool' : item.role;
    // The leading system prompt belongs in meta, where a restore picks it up.
    if (role === 'system' && messages.length === 0 && !systemPrompt) {
      systemPrompt = typeof item.content === 'string' ? item.content : partsToText(item.content ?? []);
      return;
    }
    const id = `m${index + 1}`;
    const message: StoredMessage = {
      id,
      parentId,
      role,
      content: toContent(item.content),
      status: 'complete',
      createdAt: now,
      updatedAt: now,
    };
    if (item.reasoning_content) message.reasoning = item.reasoning_content;
    if (item.tool_calls)
      message.toolCalls = item.tool_calls.map((call, n): ToolCall => ({
        id: call.id ?? `call_${index + 1}_${n}`,
        type: 'function',
        function: {
          name: call.function.name,
          arguments:
            typeof call.function.arguments === 'string'
              ? call.function.arguments
              : JSON.stringify(call.function.arguments ?? {}),
        },
      }));
    if (item.tool_call_id) message.toolCallId = item.tool_call_id;
    if (item.name) message.name = item.name;
    messages.push(message);
    parentId = id;
  });
  const meta: Omit<ConversationMeta, 'id'> = {
    title: titleOf(messages),
    endpoint: { kind: 'local', baseUrl: '', model },
    systemPrompt,
    sampling: {},
    nCtx: null,
    slotId: null,
    createdAt: now,
    updatedAt: now,
    messageCount: messages.length,
    pinned: false,
    activeLeafId: null,
    activeSetAt: 0,
    version: 1,
  };
  return { meta, messages };
}

function toContent(content: OpenAiMessage['content']): string | ContentPart[] {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part): ContentPart => {
    const p = part as Record<string, unknown>;
    if (part.type === 'text' && typeof p.text === 'string') return { type: 'text', text: p.text };
    const image = p.image_url as { url?: unknown; detail?: unknown } | string | undefined;
    if (part.type === 'image_url' && image) {
      const url = typeof image === 'string' ? image : String(image.url ?? '');
      return typeof image === 'object' && typeof image.detail === 'string'
        ? { type: 'image_url', image_url: { url, detail: image.detail } }
        : { type: 'image_url', image_url: { url } };
    }
    const audio = p.input_audio as { data?: unknown; format?: unknown } | undefined;
    if (part.type === 'input_audio' && audio)
      return {
        type: 'input_audio',
        input_audio: { data: String(audio.data ?? ''), format: String(audio.format ?? '') },
      };
    // A part type we do not model is kept as readable text rather than dropped.
    return { type: 'text', text: JSON.stringify(part) };
  });
}

function partsToText(parts: Array<{ type: string }>): string {
  return parts.map((p) => (p.type === 'text' ? String((p as { text?: unknown }).text ?? '') : '')).join('\n');
}

function describe(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || 'file'}: ${first.message}` : 'invalid';
}
