// Where a request to one endpoint (the local llama-server or a link-mode API)
// goes and the headers it carries; the body comes from shared/chat/request-body
// and the stream from sse-stream.ts.
import { endpointUrls } from '@shared/chat/endpoint-url';
import type { CompletionApi } from '@shared/chat/request-body';

export interface ChatEndpoint {
  /** OpenAI base with its version path (https://api.openai.com/v1) or a llama-server origin (http://127.0.0.1:8080) */
  baseUrl: string;
  /** sent as `Authorization: Bearer …` when not empty */
  apiKey?: string | null;
  headers?: Record<string, string>;
}

/** A chat (/v1/chat/completions) or a completion through one of the two completion APIs. */
export type RequestKind = 'chat' | CompletionApi;

export function endpointRequest(
  endpoint: ChatEndpoint,
  kind: RequestKind,
): { url: string; headers: Record<string, string> } {
  const urls = endpointUrls(endpoint.baseUrl);
  const headers: Record<string, string> = { ...endpoint.headers };
  if (endpoint.apiKey) headers.Authorization = `Bearer ${endpoint.apiKey}`;
  const url = kind === 'chat' ? urls.chat : kind === 'llama' ? urls.llamaCompletion : urls.completions;
  return { url, headers };
}
