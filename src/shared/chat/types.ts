// The shapes of the chat request layer as every host sees them: what a turn is
// made of, the sampling knobs, the events a model stream is parsed into and the
// state those events are reduced to. Plain TS: the renderer imports these too.
//
// ChatMessage uses the app's camelCase field names (toolCalls, toolCallId) so a
// history StoredMessage can be passed in as it is; the wire's snake_case shape
// (WireMessage) is produced only by normalizeMessages.
import type { SchemaCheck } from './structured-output';

/** A text, image or audio part of a message (OpenAI content parts). */
export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: string } };

/** EVA's older history stored audio as a data URL; accepted on input, sent as input_audio. */
export interface LegacyAudioUrlPart {
  type: 'audio_url';
  audio_url: { url: string };
}

/** An OpenAI-style function call requested by the assistant. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

/** One turn of a conversation as the app holds it. */
export interface ChatMessage {
  role: ChatRole;
  content: string | Array<ContentPart | LegacyAudioUrlPart>;
  /** the model's thinking; never sent back to the model */
  reasoning?: string;
  toolCalls?: ToolCall[];
  /** for role 'tool': the call this result answers */
  toolCallId?: string;
  /** for role 'tool': the tool's name */
  name?: string;
}

/** One message exactly as /v1/chat/completions receives it. */
export interface WireMessage {
  role: ChatRole;
  content: string | ContentPart[] | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
}

/** An OpenAI function tool offered to the model. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/**
 * Sampling for one request; a field left out is not sent, so the server's default applies.
 * Fields beyond OpenAI's (top_k, min_p, repeat_penalty) are llama-server extensions: strict
 * APIs such as OpenAI's reject them, so the caller leaves them out for such endpoints.
 */
export interface SamplingSettings {
  /**
   * On the API scale, 0–2, as OpenAI and llama-server take it. EVA's Qt UI showed 0–1 and
   * doubled it on the way out; we keep the API value everywhere so what is stored, shown in a
   * link-mode preset and sent are the same number, and any slider mapping lives in the view.
   */
  temperature?: number;
  top_k?: number;
  top_p?: number;
  min_p?: number;
  repeat_penalty?: number;
  /**
   * tokens to generate; sent as max_tokens (chat, /v1/completions) or n_predict (/completion); -1 = until done
   * (llama-server)
   */
  max_tokens?: number;
  stop?: string[];
  seed?: number;
}

/** llama-server's `timings` object (tools/server/server-common.cpp, server_slot_stats::to_json). */
export interface Timings {
  prompt_n: number;
  prompt_ms: number;
  prompt_per_second: number;
  predicted_n: number;
  predicted_ms: number;
  predicted_per_second: number;
  /** prompt tokens served from the KV cache */
  cache_n?: number;
  prompt_per_token_ms?: number;
  predicted_per_token_ms?: number;
  /** speculative decoding: tokens drafted / accepted */
  draft_n?: number;
  draft_n_accepted?: number;
}

/** OpenAI `usage`; llama-server sends it in the final chunk when stream_options.include_usage is set. */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** prompt_tokens_details.cached_tokens, when the server reports it */
  cached_tokens?: number;
}

/** 'stop' | 'length' | 'tool_calls' | 'content_filter' from OpenAI-style servers; other strings pass through. */
export type FinishReason = string;

/** Why a stream failed, as a string union the UI can word. */
export type ChatErrorCode =
  /** the server answered with a non-2xx status */
  | 'http_error'
  /**
   * the prompt does not fit the server's context (llama-server's exceed_context_size_error); details hold nPromptTokens
   * and nCtx
   */
  | 'context_exceeded'
  /** a 2xx answer that is neither an event stream nor JSON (an HTML page, usually a wrong URL) */
  | 'not_sse'
  /** the stream or connection ended before [DONE] / a finish reason / stop:true */
  | 'truncated'
  /** a data: line that is not JSON */
  | 'bad_json'
  /** JSON of the wrong shape (a field of the wrong type) */
  | 'bad_chunk'
  /** the server reported an error inside the stream */
  | 'server_error'
  /** nothing arrived for idleTimeoutMs */
  | 'idle_timeout'
  /** the request could not be sent or connected (refused, DNS, TLS) */
  | 'network'
  /** one event exceeded the parser's buffer cap */
  | 'too_large';

/** A stream failure; the same `{code,message,details}` shape as the contract's AppError. */
export interface ChatError {
  code: ChatErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** One parsed piece of a model stream. */
export type StreamEvent =
  | { type: 'content'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool_call'; index: number; id?: string; name?: string; argumentsDelta: string }
  | { type: 'timings'; timings: Timings }
  | { type: 'usage'; usage: Usage }
  | { type: 'finish'; reason: FinishReason }
  /** the llama-server slot that served the request (reuse it as id_slot for a KV-cache hit) */
  | { type: 'slot'; slotId: number }
  | { type: 'error'; error: ChatError }
  /** the server finished: [DONE], stop:true, or a finished non-stream reply */
  | { type: 'done' }
  /** the caller aborted (Stop); what arrived before is kept */
  | { type: 'stopped' }
  /** a step of the send failed and the answer goes on without it (the core says so before the first words) */
  | { type: 'notice'; notice: AnswerNotice }
  /** the endpoint and model the request went to (the core says so with the first words) */
  | { type: 'author'; author: AnswerAuthor }
  /** the model the server says answered (the `model` of its closing chunk) */
  | { type: 'model'; model: string };

/** Who wrote an answer: the endpoint it was asked of and the model that answered. */
export interface AnswerAuthor {
  kind: 'local' | 'link';
  /** the model as the server named it in its answer, else the loaded file's or the link profile's */
  model: string;
  /** the link profile it went through */
  linkId?: string;
  /** that profile's name when it answered (kept if the profile is renamed or deleted later) */
  linkName?: string;
}

/** Why a send's sub-step failed (its knowledge query…): shown under the answer, so nothing is lost silently. */
export interface AnswerNotice {
  /**
   * `compaction_failed`: the summary could not be written, so older messages were left out instead;
   * `compaction_short`: even with the summary the prompt did not fit, and older messages were left out too
   */
  code: 'knowledge_failed' | 'compaction_failed' | 'compaction_short';
  message: string;
}

export type StreamStatus = 'streaming' | 'done' | 'stopped' | 'error';

/** Inline <think> tag tracking across chunks. */
export interface ThinkTagState {
  inside: boolean;
  /** text held back because it may be the start of a tag split across chunks ("<thi") */
  pending: string;
}

/** Reducer bookkeeping, kept in the state so the reducer stays pure; not for display. */
export interface StreamInternals {
  think: ThinkTagState;
  /** the stream's tool-call index of each entry of toolCalls */
  toolIndexes: number[];
}

/** An assistant message while (and after) it streams. */
export interface StreamingMessage {
  content: string;
  reasoning: string;
  toolCalls: ToolCall[];
  timings: Timings | null;
  usage: Usage | null;
  finishReason: FinishReason | null;
  status: StreamStatus;
  error?: ChatError;
  slotId: number | null;
  /** sub-steps of the send that failed (absent: none) */
  notices?: AnswerNotice[];
  /** who wrote it (absent: not known, as for an answer that failed before it was sent) */
  author?: AnswerAuthor;
  /** a finished answer of a conversation that requires a JSON schema: how it stood against it (structured-output.ts) */
  schemaCheck?: SchemaCheck;
  internal: StreamInternals;
}
