// The links area: remote OpenAI-compatible endpoints the user saved, their keys
// sealed in the secret store; the chat and agent resolve them by id.
import type { ChannelsOf } from '@shared/contract';
import type { AreaModule } from '../area-module';
import { createLinkService, type LinkServiceDeps } from './link-service';

export interface LinksModule extends AreaModule<ChannelsOf<'link'>> {
  service: ReturnType<typeof createLinkService>;
}

export function openLinks(deps: LinkServiceDeps): LinksModule {
  const service = createLinkService(deps);
  return {
    service,
    handlers: {
      'link:list': async () => service.list(),
      'link:save': async (input) => service.save(input),
      'link:delete': async ({ id }) => service.remove(id),
      'link:test': async (input) => service.test(input),
    },
    dispose() {},
  };
}
