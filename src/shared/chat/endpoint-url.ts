// URLs of the model server's endpoints from a base URL. Link presets give the
// OpenAI base with its version path (https://api.openai.com/v1,
// .../v1beta/openai); a bare origin (http://127.0.0.1:8080) is taken as a
// llama-server and gets /v1 added.

/** Where to POST each kind of request. */
export interface EndpointUrls {
  /** /v1/chat/completions */
  chat: string;
  /** OpenAI-style /v1/completions */
  completions: string;
  /** llama-server's own /completion, at the server's root */
  llamaCompletion: string;
}

export function endpointUrls(baseUrl: string): EndpointUrls {
  const base = baseUrl.trim().replace(/\/+$/, '');
  const hasPath = /^[a-z][a-z0-9+.-]*:\/\/[^/]+\/./i.test(base);
  const api = hasPath ? base : `${base}/v1`;
  const root = api.replace(/\/v1$/, '');
  return { chat: `${api}/chat/completions`, completions: `${api}/completions`, llamaCompletion: `${root}/completion` };
}
