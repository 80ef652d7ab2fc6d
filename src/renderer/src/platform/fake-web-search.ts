// The web search channels of the in-memory platform: keys remembered only as
// "set" (as the core's secret store answers them), with the demo's protection.
import type { InvokeChannel } from '@shared/contract';
import { KEYED_PROVIDERS, type KeyedProvider } from '@shared/tools/web-search/web-search-settings';
import type { WebSearchKeys } from '@shared/tools/web-search/web-search-contract';
import { type FakeHandler, ok } from './fake-handler';

type WebSearchChannel = Extract<InvokeChannel, `web-search:${string}`>;

export function createFakeWebSearch(): { [C in WebSearchChannel]: FakeHandler<C> } {
  const sealed = new Set<KeyedProvider>();
  const keys = (): WebSearchKeys => ({
    keys: Object.fromEntries(KEYED_PROVIDERS.map((p) => [p, sealed.has(p)])) as WebSearchKeys['keys'],
    protection: 'local-key-file',
  });
  return {
    'web-search:keys': () => ok(keys()),
    'web-search:set-key': ({ provider, apiKey }) => {
      if (apiKey === null) sealed.delete(provider);
      else sealed.add(provider);
      return ok(keys());
    },
  };
}
