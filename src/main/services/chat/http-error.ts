// Words a failed HTTP answer for the user. Servers put the reason in different
// places: OpenAI and llama-server {"error":{"message"}}, some proxies
// {"error":"..."} or {"message"}, FastAPI-based servers {"detail"}, and
// gateways an HTML page whose <title> is the only readable part.
import { errorMessageOf } from '@shared/chat/parse-chunk';
import type { ChatError } from '@shared/chat/types';

const SNIPPET_CHARS = 2000;
const MESSAGE_CHARS = 300;

export interface HttpFailure {
  status: number;
  statusText: string;
  contentType: string | null;
  body: string;
  url: string;
}

/** The error event for a non-2xx answer: "HTTP 401: Invalid API Key". */
export function httpError(failure: HttpFailure): ChatError {
  const overflow = contextOverflow(failure.body);
  if (overflow) {
    return {
      code: 'context_exceeded',
      message: `the conversation is ${overflow.nPromptTokens} tokens, more than the model's context of ${overflow.nCtx}: shorten the message, start a new chat, or load the model with a larger context`,
      details: { status: failure.status, url: failure.url, ...overflow },
    };
  }
  const reason = reasonOf(failure.body, failure.contentType);
  const head = `HTTP ${failure.status}`;
  const message = reason ? `${head}: ${reason}` : `${head}${failure.statusText ? ` ${failure.statusText}` : ''}`;
  const details: Record<string, unknown> = { status: failure.status, url: failure.url };
  if (failure.body) details.body = failure.body.slice(0, SNIPPET_CHARS);
  return { code: 'http_error', message, details };
}

/** llama-server's "request (N tokens) exceeds the available context size (M tokens)", as numbers. */
function contextOverflow(body: string): { nPromptTokens: number; nCtx: number } | null {
  const json = tryJson(body.trim());
  const error = typeof json === 'object' && json !== null ? (json as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return null;
  const { type, n_prompt_tokens: nPromptTokens, n_ctx: nCtx } = error as Record<string, unknown>;
  if (type !== 'exceed_context_size_error' || typeof nPromptTokens !== 'number' || typeof nCtx !== 'number')
    return null;
  return { nPromptTokens, nCtx };
}

/** The server's own words for what went wrong, or null. */
export function reasonOf(body: string, contentType: string | null): string | null {
  const text = body.trim();
  if (text === '') return null;
  const json = tryJson(text);
  if (json !== undefined) return shorten(jsonReason(json));
  if (isHtml(text, contentType)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
    return shorten(title ? collapse(title) : collapse(text.replace(/<[^>]*>/g, ' ')));
  }
  return shorten(collapse(text));
}

/** true when a body (or its declared type) is an HTML page. */
export function isHtml(text: string, contentType: string | null): boolean {
  return /html/i.test(contentType ?? '') || /^\s*</.test(text);
}

function jsonReason(json: unknown): string | null {
  if (typeof json !== 'object' || json === null) return typeof json === 'string' ? json : null;
  const record = json as Record<string, unknown>;
  if (record.error !== undefined && record.error !== null) return errorMessageOf(record.error);
  if (typeof record.message === 'string') return record.message;
  if (typeof record.detail === 'string') return record.detail;
  // FastAPI validation errors: {"detail":[{"msg":"..."}]}
  if (Array.isArray(record.detail)) {
    const first: unknown = record.detail[0];
    if (typeof first === 'object' && first !== null && typeof (first as { msg?: unknown }).msg === 'string')
      return (first as { msg: string }).msg;
  }
  return null;
}

function tryJson(text: string): unknown {
  if (!/^[[{"]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string | null): string | null {
  if (!text) return null;
  return text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS - 1)}…` : text;
}
