// Request bodies for the model server, built from plain data (EVA's
// xNet::createChatBody / createCompleteBody). Nothing is sent that the caller
// did not set, so one builder serves the local llama-server and any
// OpenAI-compatible link: llama-server extensions appear only when asked for.
import { responseFormatOf, type StructuredOutput } from './structured-output';
import { stripThinkBlocks } from './think-tags';
import type {
  ChatMessage,
  ContentPart,
  LegacyAudioUrlPart,
  SamplingSettings,
  ToolDefinition,
  WireMessage,
} from './types';

export interface ChatBodyInput {
  model: string;
  messages: readonly WireMessage[];
  sampling: SamplingSettings;
  stream: boolean;
  /**
   * llama-server only. A slot id (0…n-1) pins the request to that slot so its KV cache is
   * reused; -1 lets the server pick. Either way the server is asked to report the slot it
   * used (a `slot` event); leave undefined for other servers, which may reject unknown fields.
   */
  idSlot?: number;
  /** ask for a final `usage` chunk (stream_options.include_usage) */
  includeUsage?: boolean;
  tools?: readonly ToolDefinition[];
  /** the answer must fit this JSON schema (`response_format`, structured-output.ts) */
  structuredOutput?: StructuredOutput;
}

/** Body for POST /v1/chat/completions. */
export function buildChatBody(input: ChatBodyInput): Record<string, unknown> {
  const body: Record<string, unknown> = { model: input.model, messages: input.messages, stream: input.stream };
  Object.assign(body, samplingFields(input.sampling, 'max_tokens'));
  if (input.stream && input.includeUsage) body.stream_options = { include_usage: true };
  if (input.tools && input.tools.length > 0) body.tools = input.tools;
  if (input.structuredOutput) body.response_format = responseFormatOf(input.structuredOutput);
  if (input.idSlot !== undefined) {
    body.id_slot = input.idSlot;
    // The chat endpoint reports the slot only inside `__verbose`, which otherwise carries the
    // whole prompt and settings; response_fields trims it to {id_slot} (server-task.cpp).
    body.verbose = true;
    body.response_fields = ['id_slot'];
  }
  return body;
}

/**
 * Which completion endpoint a body is for: llama-server's own /completion
 * (n_predict, chunks `{content, stop}`, no [DONE]) or OpenAI-style /v1/completions
 * (max_tokens, `choices[].text`, [DONE]).
 */
export type CompletionApi = 'llama' | 'openai';

export interface CompletionBodyInput {
  prompt: string;
  sampling: SamplingSettings;
  /** llama-server only: the slot to use (-1: any); /completion reports the slot in its last chunk */
  idSlot?: number;
  /** default 'llama' (/completion) */
  api?: CompletionApi;
  /** required by most /v1/completions servers; llama-server ignores it */
  model?: string;
  /** default true */
  stream?: boolean;
  /** /v1/completions only: ask for a final usage chunk */
  includeUsage?: boolean;
}

/** Body for POST /completion (api 'llama') or /v1/completions (api 'openai'). */
export function buildCompletionBody(input: CompletionBodyInput): Record<string, unknown> {
  const api = input.api ?? 'llama';
  const stream = input.stream ?? true;
  const body: Record<string, unknown> = {};
  if (api === 'openai' && input.model !== undefined) body.model = input.model;
  body.prompt = input.prompt;
  body.stream = stream;
  Object.assign(body, samplingFields(input.sampling, api === 'llama' ? 'n_predict' : 'max_tokens'));
  if (api === 'openai' && stream && input.includeUsage) body.stream_options = { include_usage: true };
  if (input.idSlot !== undefined) body.id_slot = input.idSlot;
  return body;
}

function samplingFields(sampling: SamplingSettings, lengthField: 'max_tokens' | 'n_predict'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const copy = ['temperature', 'top_k', 'top_p', 'min_p', 'repeat_penalty', 'seed'] as const;
  for (const key of copy) if (sampling[key] !== undefined) out[key] = sampling[key];
  if (sampling.max_tokens !== undefined) out[lengthField] = sampling.max_tokens;
  const stop = sampling.stop?.filter((word) => word.length > 0);
  if (stop && stop.length > 0) out.stop = stop;
  return out;
}

/**
 * The messages as the model should see them (EVA's buildOaiChatMessages): exactly one
 * system message, first; earlier answers without their thinking (it costs context and
 * templates are not trained on it); attachments as image_url / input_audio parts.
 */
export function normalizeMessages(messages: readonly ChatMessage[], systemPrompt: string): WireMessage[] {
  const systemTexts = [systemPrompt, ...messages.filter((m) => m.role === 'system').map((m) => textOf(m.content))];
  const system = [...new Set(systemTexts.map((text) => text.trim()).filter((text) => text.length > 0))].join('\n\n');
  const out: WireMessage[] = [{ role: 'system', content: system }];
  for (const message of messages) {
    if (message.role === 'system') continue;
    out.push(toWire(message));
  }
  return out;
}

function toWire(message: ChatMessage): WireMessage {
  let content = wireContent(message.content);
  if (message.role === 'assistant') content = stripThinking(content);
  const wire: WireMessage = { role: message.role, content };
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    wire.tool_calls = message.toolCalls;
    // OpenAI wants null, not "", beside tool calls; llama-server takes both.
    if (content === '') wire.content = null;
  }
  if (message.role === 'tool') {
    if (message.toolCallId !== undefined) wire.tool_call_id = message.toolCallId;
    if (message.name !== undefined) wire.name = message.name;
  }
  return wire;
}

/** Parts to the wire form; a text-only list becomes a plain string, which every server and template accepts. */
function wireContent(content: ChatMessage['content']): string | ContentPart[] {
  if (typeof content === 'string') return content;
  const parts = content.map(fromLegacy);
  return parts.every((part) => part.type === 'text') ? parts.map((part) => part.text).join('\n') : parts;
}

export function fromLegacy(part: ContentPart | LegacyAudioUrlPart): ContentPart {
  if (part.type !== 'audio_url') return part;
  // data:audio/<format>;base64,<data>; the format is what input_audio wants ("wav", "mp3").
  const match = /^data:audio\/([\w.+-]+);base64,(.*)$/s.exec(part.audio_url.url);
  const format = match?.[1] === 'mpeg' ? 'mp3' : (match?.[1] ?? 'wav');
  return { type: 'input_audio', input_audio: { data: match?.[2] ?? part.audio_url.url, format } };
}

function stripThinking(content: string | ContentPart[]): string | ContentPart[] {
  if (typeof content === 'string') return stripThinkBlocks(content);
  return content.map((part) => (part.type === 'text' ? { type: 'text', text: stripThinkBlocks(part.text) } : part));
}

function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}
