// The link channels of the in-memory platform: saved endpoints kept in the
// settings, their keys remembered only as "has a key", and a test that fails for a
// base URL saying "fail" or "invalid" (as a wrong key would) and lists three models otherwise.
import type { LinkProfile } from '@shared/chat/schemas';
import type { AppSettings } from '@shared/contract';
import { LINK_PRESETS } from '@shared/links/link-presets';
import type { linksChannels } from '@shared/links/links-contract';
import { type FakeHandler, ok } from './fake-handler';

type LinkChannel = keyof typeof linksChannels;

export function createFakeLinks(state: { settings: AppSettings }): { [C in LinkChannel]: FakeHandler<C> } {
  const keys = new Set<string>();
  let nextLink = 1;
  const withKey = (profile: LinkProfile) => ({ ...profile, hasKey: keys.has(profile.id) });

  return {
    'link:list': () =>
      ok({ profiles: state.settings.links.map(withKey), presets: LINK_PRESETS, protection: 'memory only (demo)' }),
    'link:save': (input) => {
      const profile: LinkProfile = { ...input.profile, id: input.profile.id ?? `link-${nextLink++}` };
      const links = state.settings.links;
      state.settings = {
        ...state.settings,
        links: links.some((link) => link.id === profile.id)
          ? links.map((link) => (link.id === profile.id ? profile : link))
          : [...links, profile],
      };
      if (input.apiKey === null) keys.delete(profile.id);
      else if (input.apiKey) keys.add(profile.id);
      return ok(withKey(profile));
    },
    'link:delete': (input) => {
      const id = input?.id ?? '';
      const existed = state.settings.links.some((link) => link.id === id);
      keys.delete(id);
      const chat = state.settings.chat;
      const endpoint =
        chat.endpoint.kind === 'link' && chat.endpoint.linkId === id ? { kind: 'local' as const } : chat.endpoint;
      state.settings = {
        ...state.settings,
        links: state.settings.links.filter((link) => link.id !== id),
        chat: { ...chat, endpoint },
      };
      return ok({ deleted: existed });
    },
    'link:test': (input) => {
      if (/fail|invalid/i.test(input.baseUrl))
        return {
          ok: false,
          error: {
            code: 'endpoint_error',
            message: `${input.baseUrl}/models answered HTTP 401 (wrong or missing API key): {"error":"invalid api key"}`,
            details: { status: 401 },
          },
        };
      return ok({ models: ['demo-chat', 'demo-reasoner', 'demo-vision'] });
    },
  };
}
