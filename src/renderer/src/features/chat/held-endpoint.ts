// A saved conversation remembers the endpoint it was held with. Opening it does
// not switch the app to that endpoint on its own: an imported file could name one
// of the user's paid remote endpoints, and every later chat would go there. The
// chat offers the switch instead ("held with Work API — Use it"), and only the
// user's click changes the endpoint in use.
import type { ChatSettings } from '@shared/chat/schemas';
import type { ConversationMeta } from '@shared/history/types';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SettingsStore } from '../settings/settings-store';
import { endpointKey } from './conversation';

type Endpoint = ChatSettings['endpoint'];

export interface HeldEndpoint {
  /** the opened conversation's endpoint, when it is one of the user's own and not the one in use */
  offer: StoreApi<Endpoint | null>;
  /** a conversation was opened: offer its endpoint if it differs */
  opened(meta: Pick<ConversationMeta, 'endpoint'>): void;
  /** the user chose to use it */
  accept(): Promise<boolean>;
  forget(): void;
  /** follow the endpoint in use: an offer of the endpoint already in use goes away; returns the teardown */
  start(): () => void;
}

export function createHeldEndpoint(app: SettingsStore): HeldEndpoint {
  const offer = createStore<Endpoint | null>()(() => null);
  const current = (): Endpoint | null => app.store.getState().settings?.chat.endpoint ?? null;

  return {
    offer,
    opened(meta) {
      const settings = app.store.getState().settings;
      const linkId = meta.endpoint.linkId;
      // Only an endpoint the user has: a link profile that is gone is not offered.
      const held: Endpoint | null =
        meta.endpoint.kind === 'local'
          ? { kind: 'local' }
          : linkId && settings?.links.some((link) => link.id === linkId)
            ? { kind: 'link', linkId }
            : null;
      const inUse = current();
      offer.setState(held && inUse && endpointKey(held) !== endpointKey(inUse) ? held : null, true);
    },
    async accept() {
      const held = offer.getState();
      if (!held) return false;
      const result = await app.updateSettings({ chat: { endpoint: held } });
      if (result.ok) offer.setState(null, true);
      return result.ok;
    },
    forget: () => offer.setState(null, true),
    start: () =>
      app.store.subscribe(() => {
        const held = offer.getState();
        const inUse = current();
        if (held && inUse && endpointKey(held) === endpointKey(inUse)) offer.setState(null, true);
      }),
  };
}
