// Link mode: saved OpenAI-compatible endpoints. Profiles live in settings; their
// API keys live in the secret store and are only ever read here, in the core,
// when a request is made. The renderer learns only `hasKey`.
import { randomUUID } from 'node:crypto';
import type { LinkProfile } from '@shared/chat/schemas';
import { baseUrlProblem } from '@shared/chat/base-url';
import { endpointUrls } from '@shared/chat/endpoint-url';
import { LINK_PRESETS } from '@shared/links/link-presets';
import { AppFailure } from '@shared/errors';
import { networkReason } from '@shared/error-causes';
import { causeOf } from '../chat/stream-error';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsStore } from '../settings/settings-store';

export interface LinkServiceDeps {
  settings: SettingsStore;
  secrets: SecretStore;
  fetch?: typeof fetch;
}

const secretId = (linkId: string) => `link:${linkId}`;
const TEST_TIMEOUT_MS = 15_000;

// The contract's schemas check new input already; this also covers a caller that
// skips them, and a profile saved by an older version or edited by hand.
function checkBaseUrl(baseUrl: string, stored?: LinkProfile): void {
  const problem = baseUrlProblem(baseUrl);
  if (!problem) return;
  if (stored)
    throw new AppFailure(
      'endpoint_error',
      `the saved endpoint "${stored.name}" has an unusable base URL (${problem.message}); edit it in the link dialog`,
      { linkId: stored.id, problem: problem.code },
    );
  throw new AppFailure('bad_request', problem.message, { field: 'baseUrl', problem: problem.code });
}

export function createLinkService(deps: LinkServiceDeps) {
  const fetchFn = deps.fetch ?? fetch;
  const withKey = (profile: LinkProfile) => ({ ...profile, hasKey: deps.secrets.has(secretId(profile.id)) });

  const find = (id: string): LinkProfile => {
    const profile = deps.settings.get().links.find((link) => link.id === id);
    if (!profile) throw new AppFailure('link_not_found', `no saved endpoint with id ${id}`);
    return profile;
  };

  return {
    list() {
      return {
        profiles: deps.settings.get().links.map(withKey),
        presets: LINK_PRESETS,
        protection: deps.secrets.protection,
      };
    },

    async save(input: { profile: Omit<LinkProfile, 'id'> & { id?: string }; apiKey?: string | null }) {
      checkBaseUrl(input.profile.baseUrl);
      const profile: LinkProfile = { ...input.profile, id: input.profile.id ?? randomUUID() };
      if (input.apiKey === null) await deps.secrets.remove(secretId(profile.id));
      else if (input.apiKey !== undefined && input.apiKey !== '')
        await deps.secrets.set(secretId(profile.id), input.apiKey);
      // Read the list when the settings queue gets to it, so a concurrent save or delete is not lost.
      await deps.settings.update(({ links }) => ({
        links: links.some((link) => link.id === profile.id)
          ? links.map((link) => (link.id === profile.id ? profile : link))
          : [...links, profile],
      }));
      return withKey(profile);
    },

    async remove(id: string) {
      const links = deps.settings.get().links;
      if (!links.some((link) => link.id === id)) return { deleted: false };
      await deps.secrets.remove(secretId(id));
      await deps.settings.update(({ links: now, chat }) => ({
        links: now.filter((link) => link.id !== id),
        // A conversation pointed at a deleted endpoint falls back to the local model.
        chat: {
          endpoint:
            chat.endpoint.kind === 'link' && chat.endpoint.linkId === id ? { kind: 'local' as const } : chat.endpoint,
        },
      }));
      return { deleted: true };
    },

    /** The base URL and key for a request; the key never leaves the core. */
    async resolve(id: string): Promise<{ profile: LinkProfile; apiKey: string | null }> {
      const profile = find(id);
      checkBaseUrl(profile.baseUrl, profile);
      return { profile, apiKey: await deps.secrets.get(secretId(id)) };
    },

    /** GET /v1/models with the given or stored key. */
    async test(input: { baseUrl: string; linkId?: string; apiKey?: string }): Promise<{ models: string[] }> {
      checkBaseUrl(input.baseUrl);
      const apiKey = input.apiKey || (input.linkId ? await deps.secrets.get(secretId(input.linkId)) : null);
      const url = endpointUrls(input.baseUrl).chat.replace(/\/chat\/completions$/, '/models');
      let response: Response;
      try {
        response = await fetchFn(url, {
          headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {},
          signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
        });
      } catch (error) {
        const reason = networkReason(error);
        throw new AppFailure(
          'endpoint_error',
          `cannot reach ${url}: ${causeOf(error)}`,
          reason ? { reason, url } : { url },
        );
      }
      const text = await response.text();
      if (!response.ok) {
        throw new AppFailure(
          'endpoint_error',
          `${url} answered HTTP ${response.status}${response.status === 401 ? ' (wrong or missing API key)' : ''}: ${text.slice(0, 300)}`,
          { status: response.status },
        );
      }
      try {
        const body = JSON.parse(text) as { data?: { id?: unknown }[]; models?: { name?: unknown; model?: unknown }[] };
        const ids = (body.data ?? []).map((m) => m.id).concat((body.models ?? []).map((m) => m.model ?? m.name));
        return { models: [...new Set(ids.filter((id): id is string => typeof id === 'string'))] };
      } catch {
        throw new AppFailure(
          'endpoint_error',
          `${url} did not answer with JSON (is this an OpenAI-compatible endpoint?)`,
        );
      }
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
