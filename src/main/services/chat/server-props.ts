// What the managed llama-server says about itself: /props (n_ctx, chat
// template, modalities) and /v1/models. Missing fields are normal on older builds.
import type { ServerProps } from '@shared/contract';
import { endpointUrls } from '@shared/chat/endpoint-url';
import { AppFailure } from '@shared/errors';

/** A remote llama-server's root (where /props and /completion live) from the OpenAI base URL saved in its link. */
export function llamaServerRoot(baseUrl: string): string {
  return endpointUrls(baseUrl).llamaCompletion.replace(/\/completion$/, '');
}

export async function fetchServerProps(
  server: { baseUrl: string; apiKey: string; model: string },
  fetchFn: typeof fetch,
): Promise<ServerProps> {
  const headers: Record<string, string> = server.apiKey ? { Authorization: `Bearer ${server.apiKey}` } : {};
  const response = await fetchFn(`${server.baseUrl}/props`, { headers, signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new AppFailure('endpoint_error', `llama-server /props answered HTTP ${response.status}`);
  const props = (await response.json()) as {
    default_generation_settings?: { n_ctx?: number };
    n_ctx?: number;
    chat_template?: string;
    chat_template_caps?: { supports_tools?: boolean; supports_tool_calls?: boolean };
    modalities?: { vision?: boolean; audio?: boolean };
    model_alias?: string;
    model_path?: string;
  };
  const nCtx = props.default_generation_settings?.n_ctx ?? props.n_ctx ?? 0;
  const caps = props.chat_template_caps ?? {};
  return {
    model: props.model_alias ?? server.model,
    nCtx,
    chatTemplate: props.chat_template ?? '',
    supportsTools: Boolean(caps.supports_tools ?? caps.supports_tool_calls),
    vision: Boolean(props.modalities?.vision),
    audio: Boolean(props.modalities?.audio),
  };
}
