// The web search area: the `web_search` provider in the tool registry, and the
// channels that seal the Brave and Tavily keys. The provider, its URL or MCP
// tool are settings (`tools.webSearch`); the keys live in the secret store and
// are read only here, when a search is made.
import type { ChannelsOf } from '@shared/contract';
import { KEYED_PROVIDERS, type KeyedProvider } from '@shared/tools/web-search/web-search-settings';
import type { WebSearchKeys } from '@shared/tools/web-search/web-search-contract';
import type { AreaModule } from '../../area-module';
import type { SecretStore } from '../../secrets/secret-store';
import type { SettingsStore } from '../../settings/settings-store';
import type { ToolRegistry } from '../tool-registry';
import { webSearchProvider, type WebSearchDeps } from './web-search-provider';

export interface WebSearchModuleDeps extends Pick<WebSearchDeps, 'fetch' | 'endpoints' | 'timeoutMs'> {
  settings: SettingsStore;
  secrets: SecretStore;
  registry: ToolRegistry;
}

export const WEB_SEARCH_PROVIDER_ID = 'web-search';

const secretId = (provider: KeyedProvider) => `web-search:${provider}`;

export function openWebSearch(deps: WebSearchModuleDeps): AreaModule<ChannelsOf<'web-search'>> {
  const { secrets, registry } = deps;
  const keys = (): WebSearchKeys => ({
    keys: Object.fromEntries(KEYED_PROVIDERS.map((p) => [p, secrets.has(secretId(p))])) as WebSearchKeys['keys'],
    protection: secrets.protection,
  });
  registry.setProvider(
    WEB_SEARCH_PROVIDER_ID,
    webSearchProvider({
      settings: () => deps.settings.get().tools.webSearch,
      hasKey: (provider) => secrets.has(secretId(provider)),
      key: (provider) => secrets.get(secretId(provider)),
      tools: { descriptors: () => registry.descriptors(), run: (call) => registry.run(call) },
      policies: () => deps.settings.get().tools,
      fetch: deps.fetch,
      endpoints: deps.endpoints,
      timeoutMs: deps.timeoutMs,
    }),
  );
  return {
    handlers: {
      'web-search:keys': async () => keys(),
      'web-search:set-key': async ({ provider, apiKey }) => {
        if (apiKey === null) await secrets.remove(secretId(provider));
        else await secrets.set(secretId(provider), apiKey);
        return keys();
      },
    },
    dispose: () => registry.removeProvider(WEB_SEARCH_PROVIDER_ID),
  };
}
