// One JSON payload from the model server → stream events. Understands the
// OpenAI chat chunk (choices[].delta), a whole non-stream reply
// (choices[].message), OpenAI /v1/completions (choices[].text), llama-server's
// own /completion chunk ({content, stop, id_slot, timings}) and an `error`
// object. Fields we do not use are ignored; a field we use with the wrong type
// makes the whole chunk an error, because guessing would corrupt the answer.
import { z } from 'zod';
import type { FinishReason, StreamEvent, Timings, Usage } from './types';

const str = z.string().nullish();
// Older llama-server builds divided by zero for an empty phase and nlohmann/json wrote null.
const num = z.number().nullish();

const ToolCallDeltaSchema = z.object({
  index: z.number().int().min(0).nullish(),
  id: str,
  function: z.object({ name: str, arguments: str }).nullish(),
});

const DeltaSchema = z.object({
  content: str,
  // llama-server / DeepSeek name it reasoning_content; OpenRouter and newer vLLM say reasoning.
  reasoning_content: str,
  reasoning: str,
  tool_calls: z.array(ToolCallDeltaSchema).nullish(),
});

const ChoiceSchema = z.object({
  index: z.number().nullish(),
  delta: DeltaSchema.nullish(),
  message: DeltaSchema.nullish(),
  text: str,
  finish_reason: str,
});

const TimingsSchema = z.object({
  prompt_n: z.number(),
  prompt_ms: num,
  prompt_per_second: num,
  predicted_n: z.number(),
  predicted_ms: num,
  predicted_per_second: num,
  cache_n: num,
  prompt_per_token_ms: num,
  predicted_per_token_ms: num,
  draft_n: num,
  draft_n_accepted: num,
});

const UsageSchema = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: num,
  prompt_tokens_details: z.object({ cached_tokens: num }).nullish(),
});

const ChunkSchema = z.object({
  choices: z.array(ChoiceSchema).nullish(),
  usage: UsageSchema.nullish(),
  timings: TimingsSchema.nullish(),
  // llama-server chat: the slot is reported only here, when the request set verbose (see request-body.ts).
  __verbose: z.object({ id_slot: num }).nullish(),
  // llama-server /completion
  content: str,
  model: str,
  stop: z.boolean().nullish(),
  stop_type: str,
  id_slot: num,
});

const ErrorSchema = z.union([
  z.string(),
  z.object({ message: z.string().nullish(), type: str, code: z.union([z.string(), z.number()]).nullish() }),
]);

/** Events carried by one parsed JSON payload (an array payload is read item by item). */
export function parseChunk(json: unknown): StreamEvent[] {
  if (Array.isArray(json)) return json.flatMap(parseChunk);
  if (typeof json !== 'object' || json === null) {
    return [badChunk(`expected a JSON object, got ${json === null ? 'null' : typeof json}`)];
  }
  if ('error' in json && json.error !== null && json.error !== undefined) return [serverError(json.error)];
  const plain = plainContentDelta(json as Record<string, unknown>);
  if (plain !== null) return plain === '' ? [] : [{ type: 'content', text: plain }];
  const parsed = ChunkSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return [badChunk(issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unexpected shape')];
  }
  const chunk = parsed.data;
  const events: StreamEvent[] = [];
  const choice = chunk.choices?.find((c) => (c.index ?? 0) === 0) ?? chunk.choices?.[0];
  if (choice) {
    const delta = choice.delta ?? choice.message;
    const reasoning = delta?.reasoning_content ?? delta?.reasoning;
    if (reasoning) events.push({ type: 'reasoning', text: reasoning });
    const content = delta?.content ?? choice.text;
    if (content) events.push({ type: 'content', text: content });
    delta?.tool_calls?.forEach((call, position) => {
      const event: StreamEvent = {
        type: 'tool_call',
        index: call.index ?? position,
        argumentsDelta: call.function?.arguments ?? '',
      };
      if (call.id) event.id = call.id;
      if (call.function?.name) event.name = call.function.name;
      events.push(event);
    });
    if (choice.finish_reason) events.push({ type: 'finish', reason: choice.finish_reason });
  }
  const isLlamaCompletion = !chunk.choices && (typeof chunk.content === 'string' || typeof chunk.stop === 'boolean');
  if (isLlamaCompletion && chunk.content) events.push({ type: 'content', text: chunk.content });
  if (isLlamaCompletion && chunk.stop) events.push({ type: 'finish', reason: completionFinish(chunk.stop_type) });
  // Every chunk names the model; it is read from the closing one only, so an answer carries it once, not per token.
  const closing = Boolean(choice?.finish_reason) || (isLlamaCompletion && chunk.stop === true);
  if (closing && chunk.model) events.push({ type: 'model', model: chunk.model });
  // Streamed /completion partials carry id_slot -1; the real slot comes with the last chunk.
  const slot = chunk.__verbose?.id_slot ?? chunk.id_slot;
  if (typeof slot === 'number' && slot >= 0) events.push({ type: 'slot', slotId: slot });
  if (chunk.usage) events.push({ type: 'usage', usage: toUsage(chunk.usage) });
  if (chunk.timings) events.push({ type: 'timings', timings: toTimings(chunk.timings) });
  // /completion has no [DONE]: stop:true is its end.
  if (isLlamaCompletion && chunk.stop) events.push({ type: 'done' });
  return events;
}

const PLAIN_CHUNK_KEYS = new Set(['choices', 'created', 'id', 'model', 'object', 'system_fingerprint']);
const PLAIN_DELTA_KEYS = new Set(['content', 'role']);

/**
 * The text of the chunk nearly every streamed token comes in — one choice whose delta
 * holds only content (and a role), no finish, nothing else — checked by hand; null for
 * any other shape, which the schema then reads. A fast model sends hundreds of these a
 * second, and the schema's generic walk cost the host more than the rest of the chunk's
 * way to the page.
 */
function plainContentDelta(chunk: Record<string, unknown>): string | null {
  for (const key in chunk) if (!PLAIN_CHUNK_KEYS.has(key)) return null;
  const choices = chunk.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return null;
  const choice = choices[0] as Record<string, unknown> | null;
  if (typeof choice !== 'object' || choice === null) return null;
  for (const key in choice) if (key !== 'index' && key !== 'delta' && key !== 'finish_reason') return null;
  if (
    (choice.index !== undefined && choice.index !== 0) ||
    (choice.finish_reason !== undefined && choice.finish_reason !== null)
  )
    return null;
  const delta = choice.delta as Record<string, unknown> | null;
  if (typeof delta !== 'object' || delta === null) return null;
  for (const key in delta) if (!PLAIN_DELTA_KEYS.has(key)) return null;
  const content = delta.content ?? '';
  return typeof content === 'string' && (delta.role === undefined || typeof delta.role === 'string') ? content : null;
}

/** An `error` payload (in a stream, or an HTTP error body) → its message, or null when it has none. */
export function errorMessageOf(error: unknown): string | null {
  const parsed = ErrorSchema.safeParse(error);
  if (!parsed.success) return null;
  if (typeof parsed.data === 'string') return parsed.data || null;
  return parsed.data.message || null;
}

function serverError(error: unknown): StreamEvent {
  const message = errorMessageOf(error) ?? 'the server reported an error';
  const details: Record<string, unknown> = { error };
  return { type: 'error', error: { code: 'server_error', message: `server error: ${message}`, details } };
}

function badChunk(reason: string): StreamEvent {
  return {
    type: 'error',
    error: { code: 'bad_chunk', message: `the server sent a chunk of the wrong shape (${reason})` },
  };
}

// llama-server stop_type: eos | word | limit | none (server-task.cpp stop_type_to_str).
function completionFinish(stopType: string | null | undefined): FinishReason {
  return stopType === 'limit' ? 'length' : 'stop';
}

function toUsage(usage: z.infer<typeof UsageSchema>): Usage {
  const out: Usage = {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
  };
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (typeof cached === 'number') out.cached_tokens = cached;
  return out;
}

function toTimings(t: z.infer<typeof TimingsSchema>): Timings {
  const out: Timings = {
    prompt_n: t.prompt_n,
    prompt_ms: t.prompt_ms ?? 0,
    prompt_per_second: t.prompt_per_second ?? 0,
    predicted_n: t.predicted_n,
    predicted_ms: t.predicted_ms ?? 0,
    predicted_per_second: t.predicted_per_second ?? 0,
  };
  for (const key of [
    'cache_n',
    'prompt_per_token_ms',
    'predicted_per_token_ms',
    'draft_n',
    'draft_n_accepted',
  ] as const) {
    const value = t[key];
    if (typeof value === 'number') out[key] = value;
  }
  return out;
}
