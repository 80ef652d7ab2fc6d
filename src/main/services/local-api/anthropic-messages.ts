// Anthropic's Messages API (POST /v1/messages) on top of the chat completions
// every server behind the Local API speaks: a Messages request becomes a chat
// request for the same route, and the chat answer becomes a Message. Pure: the
// stream's events are made in anthropic-stream.ts, the bytes moved elsewhere.
import { z } from 'zod';

const TextBlock = z.object({ type: z.literal('text'), text: z.string() });
const ImageBlock = z.object({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [
    z.object({ type: z.literal('base64'), media_type: z.string().min(1), data: z.string().min(1) }),
    z.object({ type: z.literal('url'), url: z.string().min(1) }),
  ]),
});
const ToolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.unknown(),
});
const ToolResultBlock = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.union([z.string(), z.array(z.discriminatedUnion('type', [TextBlock, ImageBlock]))]).optional(),
  is_error: z.boolean().optional(),
});
// A model's earlier reasoning: accepted so a conversation can be sent back whole, but not shown to the model again.
const ThinkingBlock = z.object({ type: z.enum(['thinking', 'redacted_thinking']) });
const Block = z.discriminatedUnion('type', [TextBlock, ImageBlock, ToolUseBlock, ToolResultBlock, ThinkingBlock]);

const MessagesRequestSchema = z.object({
  model: z.string().optional(),
  max_tokens: z.number().int().positive(),
  messages: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.union([z.string(), z.array(Block)]) }))
    .min(1),
  system: z.union([z.string(), z.array(TextBlock)]).optional(),
  stream: z.boolean().optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  top_k: z.number().int().optional(),
  stop_sequences: z.array(z.string()).optional(),
  tools: z
    .array(
      z.object({
        type: z.literal('custom').optional(),
        name: z.string().min(1),
        description: z.string().optional(),
        input_schema: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  tool_choice: z
    .discriminatedUnion('type', [
      z.object({ type: z.enum(['auto', 'any', 'none']), disable_parallel_tool_use: z.boolean().optional() }),
      z.object({ type: z.literal('tool'), name: z.string().min(1), disable_parallel_tool_use: z.boolean().optional() }),
    ])
    .optional(),
});
export type MessagesRequest = z.infer<typeof MessagesRequestSchema>;

/** The chat request a Messages request becomes (`model` is the name the client asked for, routed as chat's is). */
export type ChatRequest = Record<string, unknown> & { model?: string; messages: Record<string, unknown>[] };

/** A Messages request as a chat request; a request that does not fit Anthropic's shape is an Error with the reason. */
export function toChatRequest(body: unknown): ChatRequest {
  const parsed = MessagesRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const request = parsed.data;
  const messages: Record<string, unknown>[] = [];
  if (request.system !== undefined) {
    const system = typeof request.system === 'string' ? request.system : request.system.map((b) => b.text).join('\n\n');
    if (system !== '') messages.push({ role: 'system', content: system });
  }
  for (const message of request.messages) messages.push(...chatMessages(message.role, message.content));
  const chat: ChatRequest = { messages, max_tokens: request.max_tokens };
  if (request.model !== undefined) chat.model = request.model;
  if (request.stream) chat.stream = true;
  // Without asking, a stream ends with no token counts, and Anthropic's last events carry them.
  if (request.stream) chat.stream_options = { include_usage: true };
  if (request.temperature !== undefined) chat.temperature = request.temperature;
  if (request.top_p !== undefined) chat.top_p = request.top_p;
  if (request.top_k !== undefined) chat.top_k = request.top_k;
  if (request.stop_sequences?.length) chat.stop = request.stop_sequences;
  if (request.tools?.length) {
    chat.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description ?? '', parameters: tool.input_schema },
    }));
  }
  const choice = request.tool_choice;
  if (choice) {
    chat.tool_choice =
      choice.type === 'tool'
        ? { type: 'function', function: { name: choice.name } }
        : { auto: 'auto', any: 'required', none: 'none' }[choice.type];
    if (choice.disable_parallel_tool_use) chat.parallel_tool_calls = false;
  }
  return chat;
}

type Blocks = z.infer<typeof Block>[];
type ChatPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

function chatMessages(role: 'user' | 'assistant', content: string | Blocks): Record<string, unknown>[] {
  if (typeof content === 'string') return [{ role, content }];
  if (role === 'assistant') {
    const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    const calls = content.flatMap((block) =>
      block.type === 'tool_use'
        ? [
            {
              id: block.id,
              type: 'function',
              function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) },
            },
          ]
        : [],
    );
    return [
      calls.length > 0 ? { role, content: text === '' ? null : text, tool_calls: calls } : { role, content: text },
    ];
  }
  // A chat server wants each tool's result as its own message right after the call, before the user's next words.
  const out: Record<string, unknown>[] = [];
  for (const block of content) {
    if (block.type !== 'tool_result') continue;
    const parts = typeof block.content === 'string' ? [block.content] : (block.content ?? []).map(partText);
    const text = parts.join('\n');
    out.push({ role: 'tool', tool_call_id: block.tool_use_id, content: block.is_error ? `Error: ${text}` : text });
  }
  const parts = content.flatMap((block): ChatPart[] => {
    if (block.type === 'text') return [{ type: 'text', text: block.text }];
    if (block.type !== 'image') return [];
    const url =
      block.source.type === 'url' ? block.source.url : `data:${block.source.media_type};base64,${block.source.data}`;
    return [{ type: 'image_url', image_url: { url } }];
  });
  const only = parts.length === 1 ? parts[0] : undefined;
  // One text is sent as a plain string: every chat template takes that, not all take a list of parts.
  if (only?.type === 'text') out.push({ role, content: only.text });
  else if (parts.length > 0) out.push({ role, content: parts });
  return out;
}

// A chat server takes only text as a tool's result: an image in one is named, not dropped without a trace.
const partText = (part: { type: 'text'; text: string } | { type: 'image' }): string =>
  part.type === 'text' ? part.text : '[image]';

export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'refusal';

/** Anthropic's reason an answer ended, from a chat choice's finish_reason. */
export function stopReasonOf(finish: unknown): StopReason {
  if (finish === 'length') return 'max_tokens';
  if (finish === 'tool_calls' || finish === 'function_call') return 'tool_use';
  if (finish === 'content_filter') return 'refusal';
  return 'end_turn';
}

export type MessageBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown };

export interface AnthropicMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: MessageBlock[];
  stop_reason: StopReason;
  stop_sequence: null;
  usage: { input_tokens: number; output_tokens: number };
}

interface ChatAnswer {
  choices?: {
    finish_reason?: string | null;
    message?: {
      content?: string | null;
      reasoning_content?: string | null;
      tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[];
    };
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/**
 * A whole chat answer as a Message; a tool call whose arguments are not JSON is an Error (no client could use it).
 */
export function toAnthropicMessage(answer: unknown, id: string, model: string): AnthropicMessage {
  const choice = (answer as ChatAnswer | null)?.choices?.[0];
  const message = choice?.message ?? {};
  const content: MessageBlock[] = [];
  if (message.reasoning_content) content.push({ type: 'thinking', thinking: message.reasoning_content, signature: '' });
  if (message.content) content.push({ type: 'text', text: message.content });
  for (const [index, call] of (message.tool_calls ?? []).entries()) {
    let input: unknown;
    try {
      input = JSON.parse(call.function?.arguments || '{}');
    } catch {
      throw new Error(`the model's call of "${call.function?.name}" has arguments that are not JSON`);
    }
    content.push({ type: 'tool_use', id: call.id || `${id}_tool_${index}`, name: call.function?.name ?? '', input });
  }
  const usage = (answer as ChatAnswer | null)?.usage;
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReasonOf(choice?.finish_reason),
    stop_sequence: null,
    usage: { input_tokens: usage?.prompt_tokens ?? 0, output_tokens: usage?.completion_tokens ?? 0 },
  };
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  503: 'overloaded_error',
};

/** Anthropic's error body for an HTTP status and a reason. */
export function anthropicError(status: number, message: string) {
  return { type: 'error' as const, error: { type: ERROR_TYPES[status] ?? 'api_error', message } };
}

/** The reason in an OpenAI-style (or llama-server) error body, else the body's text. */
export function errorMessageOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === 'string' && message !== '') return message;
  } catch {
    // not JSON: the text itself is the reason
  }
  return text.trim() || 'the model server answered with an error';
}
