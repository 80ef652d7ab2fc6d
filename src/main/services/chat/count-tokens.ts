// How many tokens a chat prompt takes, asked of llama-server itself: /apply-template
// renders the messages with the model's own chat template, /tokenize counts the
// result with its own tokenizer (BOS and special tokens as a chat request would).
// Images and audio are not text the tokenizer can see: their parts are left out
// of the template and counted by the estimate, and the count is then not exact.
import type { TokenCount } from '@shared/chat/context-types';
import { estimateMediaTokens, estimateMessageTokens } from '@shared/chat/token-estimate';
import type { ChatMessage, WireMessage } from '@shared/chat/types';
import { AppFailure } from '@shared/errors';

const TIMEOUT_MS = 10_000;

export interface LlamaServerRef {
  /** the server's root (no /v1) */
  baseUrl: string;
  apiKey: string | null;
}

/** The chat prompt's exact token count from llama-server (`exact: false` when media parts were estimated). */
export async function countWithLlamaServer(
  server: LlamaServerRef,
  messages: readonly WireMessage[],
  nCtx: number | null,
  fetchFn: typeof fetch,
  signal?: AbortSignal,
): Promise<TokenCount> {
  const media = messages.reduce(
    (sum, message) => sum + (message.content === null ? 0 : estimateMediaTokens(message.content)),
    0,
  );
  const textOnly = messages.map((message) => ({
    ...message,
    content:
      typeof message.content === 'string' || message.content === null ? message.content : textOf(message.content),
  }));
  const { prompt } = (await post(server, '/apply-template', { messages: textOnly }, fetchFn, signal)) as {
    prompt?: unknown;
  };
  if (typeof prompt !== 'string')
    throw new AppFailure('endpoint_error', 'llama-server /apply-template answered without a prompt');
  const { tokens } = (await post(
    server,
    '/tokenize',
    { content: prompt, add_special: true, parse_special: true },
    fetchFn,
    signal,
  )) as { tokens?: unknown };
  if (!Array.isArray(tokens)) throw new AppFailure('endpoint_error', 'llama-server /tokenize answered without tokens');
  return { tokens: tokens.length + media, exact: media === 0, nCtx };
}

/** chars/3.5 per message: for servers that cannot tokenize for us. */
export function estimateCount(messages: readonly ChatMessage[], nCtx: number | null): TokenCount {
  return { tokens: messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0), exact: false, nCtx };
}

function textOf(parts: readonly { type: string; text?: string }[]): string {
  return parts
    .flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : []))
    .join('\n\n');
}

async function post(
  server: LlamaServerRef,
  path: string,
  body: unknown,
  fetchFn: typeof fetch,
  signal?: AbortSignal,
): Promise<unknown> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    ...(server.apiKey ? { Authorization: `Bearer ${server.apiKey}` } : {}),
  };
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const response = await fetchFn(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok)
    throw new AppFailure(
      'endpoint_error',
      `llama-server ${path} answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`,
      { status: response.status },
    );
  return response.json();
}
