// What an endpoint says about itself (its /props) and how long a prompt is
// there, asked of the managed server or of a linked llama-server.
import type { CountTokensInput, TokenCount } from '@shared/chat/context-types';
import { normalizeMessages } from '@shared/chat/request-body';
import type { ChatSendInput } from '@shared/chat/schemas';
import type { ServerProps } from '@shared/contract';
import type { LinkService } from '../links/link-service';
import type { LocalServer } from './chat-target';
import { countWithLlamaServer, estimateCount } from './count-tokens';
import { fetchServerProps, llamaServerRoot } from './server-props';

export interface EndpointInfoDeps {
  localServer: () => LocalServer | null;
  links: LinkService;
  fetch: typeof fetch;
}

/** The managed server, or a linked llama-server (other APIs have no /props: null). */
export async function endpointProps(
  deps: EndpointInfoDeps,
  endpoint: ChatSendInput['endpoint'],
): Promise<ServerProps | null> {
  if (endpoint.kind === 'local') {
    const local = deps.localServer();
    return local ? fetchServerProps(local, deps.fetch) : null;
  }
  const { profile, apiKey } = await deps.links.resolve(endpoint.linkId);
  if (profile.presetId !== 'llama-server') return null;
  // A remote server that is down or too old for /props: the chat still works, only without its limits.
  return fetchServerProps(
    { baseUrl: llamaServerRoot(profile.baseUrl), apiKey: apiKey ?? '', model: profile.model },
    deps.fetch,
  ).catch(() => null); // down or too old for /props: the chat goes on without its limits
}

/**
 * The prompt's size as a send would build it: llama-server (local, or a link to one)
 * counts it exactly; other APIs, or a server that cannot answer now, get the estimate.
 */
export async function countPromptTokens(deps: EndpointInfoDeps, input: CountTokensInput): Promise<TokenCount> {
  const wire = normalizeMessages(input.messages, input.systemPrompt);
  const estimate = (nCtx: number | null) =>
    estimateCount([{ role: 'system', content: input.systemPrompt }, ...input.messages], nCtx);
  let server: LocalServer | null;
  if (input.endpoint.kind === 'local') server = deps.localServer();
  else {
    const { profile, apiKey } = await deps.links.resolve(input.endpoint.linkId);
    server =
      profile.presetId === 'llama-server'
        ? { baseUrl: llamaServerRoot(profile.baseUrl), apiKey: apiKey ?? '', model: profile.model }
        : null;
  }
  if (!server) return estimate(null);
  const nCtx = await fetchServerProps(server, deps.fetch).then(
    (props) => props.nCtx || null,
    () => null,
  );
  // A server that is restarting or too old for /apply-template: the estimate still guards the send.
  return countWithLlamaServer({ baseUrl: server.baseUrl, apiKey: server.apiKey || null }, wire, nCtx, deps.fetch).catch(
    () => estimate(nCtx),
  );
}
