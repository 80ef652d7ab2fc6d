// What an endpoint says about native tool calls, for the `auto` protocol
// choice: llama-server (the managed one, or a remote one behind a link) answers
// from its chat template in /props; a hosted API is known by its link preset.
// A failure to ask is an answer too ("unknown"), never an error for the run.
import type { EndpointRef } from '@shared/chat/schemas';
import type { ServerProps } from '@shared/contract';
import type { EndpointToolSupport } from '@shared/tools/agent/tool-protocol';
import type { LinkService } from '../links/link-service';
import { fetchServerProps, llamaServerRoot } from '../chat/server-props';

export interface ToolSupportDeps {
  /** the managed llama-server's /props, or null when no model is loaded */
  localProps(): Promise<ServerProps | null>;
  links: Pick<LinkService, 'resolve'>;
  fetch?: typeof fetch;
}

export async function endpointToolSupport(endpoint: EndpointRef, deps: ToolSupportDeps): Promise<EndpointToolSupport> {
  if (endpoint.kind === 'local') {
    try {
      const props = await deps.localProps();
      return props
        ? { kind: 'local', supportsTools: props.supportsTools }
        : { kind: 'local', supportsTools: null, problem: 'no local model is loaded' };
    } catch (error) {
      return { kind: 'local', supportsTools: null, problem: (error as Error).message };
    }
  }
  const { profile, apiKey } = await deps.links.resolve(endpoint.linkId);
  if (profile.presetId !== 'llama-server') return { kind: 'link', presetId: profile.presetId, supportsTools: null };
  try {
    // /props lives at the server's root, beside /completion, not under /v1.
    const props = await fetchServerProps(
      { baseUrl: llamaServerRoot(profile.baseUrl), apiKey: apiKey ?? '', model: profile.model },
      deps.fetch ?? fetch,
    );
    return { kind: 'link', presetId: profile.presetId, supportsTools: props.supportsTools };
  } catch (error) {
    return { kind: 'link', presetId: profile.presetId, supportsTools: null, problem: (error as Error).message };
  }
}
