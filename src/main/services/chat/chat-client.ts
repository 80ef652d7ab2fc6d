// A thin client for one endpoint (the local llama-server or a link-mode API):
// it knows the URLs and the key, builds nothing itself (bodies come from
// shared/chat/request-body) and hands back the event stream.
import { endpointUrls } from '@shared/chat/endpoint-url';
import type { CompletionApi } from '@shared/chat/request-body';
import { initialStreamingMessage, reduceStream } from '@shared/chat/stream-reducer';
import type { StreamEvent, StreamingMessage } from '@shared/chat/types';
import { streamChat, streamCompletion } from './sse-stream';

export interface ChatEndpoint {
  /** OpenAI base with its version path (https://api.openai.com/v1) or a llama-server origin (http://127.0.0.1:8080) */
  baseUrl: string;
  /** sent as `Authorization: Bearer …` when not empty */
  apiKey?: string;
  headers?: Record<string, string>;
}

export interface ChatClientOptions {
  fetch?: typeof globalThis.fetch;
  idleTimeoutMs?: number;
  /** see StreamRequest.readIntervalMs */
  readIntervalMs?: number;
}

export interface ChatClient {
  chat(body: Record<string, unknown>, signal?: AbortSignal): AsyncGenerator<StreamEvent, void, undefined>;
  complete(
    body: Record<string, unknown>,
    api: CompletionApi,
    signal?: AbortSignal,
  ): AsyncGenerator<StreamEvent, void, undefined>;
}

export function createChatClient(endpoint: ChatEndpoint, options: ChatClientOptions = {}): ChatClient {
  const urls = endpointUrls(endpoint.baseUrl);
  const headers: Record<string, string> = { ...endpoint.headers };
  if (endpoint.apiKey) headers.Authorization = `Bearer ${endpoint.apiKey}`;
  const common = {
    headers,
    fetch: options.fetch,
    idleTimeoutMs: options.idleTimeoutMs,
    readIntervalMs: options.readIntervalMs,
  };
  return {
    chat: (body, signal) => streamChat({ ...common, url: urls.chat, body, signal }),
    complete: (body, api, signal) =>
      streamCompletion({ ...common, url: api === 'llama' ? urls.llamaCompletion : urls.completions, body, signal }),
  };
}

/** Runs a stream through the reducer; `onUpdate` sees every intermediate state (for pushing to the UI). */
export async function collectStream(
  events: AsyncIterable<StreamEvent>,
  onUpdate?: (state: StreamingMessage, event: StreamEvent) => void,
): Promise<StreamingMessage> {
  let state = initialStreamingMessage();
  for await (const event of events) {
    state = reduceStream(state, event);
    onUpdate?.(state, event);
  }
  return state;
}
