// The API key the user gives the local server for clients on their network. It is
// sealed in the secret store beside the link keys; the renderer only learns whether
// one is stored. A key an older version left in settings.json is moved here once.
import { AppFailure } from '@shared/errors';
import type { SecretStore } from '../secrets/secret-store';

export interface UserApiKey {
  status(): { hasKey: boolean; protection: string };
  /**
   * Applies a `backend:load` key change (a new key, null to remove, undefined to keep)
   * and returns the key now in force ('' for none). `required` (the server is exposed
   * to the network) refuses a change that would leave no key, before changing anything.
   */
  apply(change: string | null | undefined, required: boolean): Promise<string>;
}

export interface UserApiKeyDeps {
  secrets: SecretStore;
  /** `load.apiKey` found in plain text in settings.json, if any */
  legacyKey: string | null;
  /** rewrites settings.json without the plain key (called once it is sealed) */
  dropLegacy: () => Promise<unknown>;
}

const SECRET_ID = 'local-server:api-key';

export async function openUserApiKey(deps: UserApiKeyDeps): Promise<UserApiKey> {
  const { secrets } = deps;
  if (deps.legacyKey !== null) {
    // Sealed first: a crash between the two steps leaves the key in both places, never in neither.
    if (!secrets.has(SECRET_ID)) await secrets.set(SECRET_ID, deps.legacyKey);
    await deps.dropLegacy();
  }
  return {
    status: () => ({ hasKey: secrets.has(SECRET_ID), protection: secrets.protection }),
    async apply(change, required) {
      // Every launch has EVA's own random key (launch/server-key.ts), so without the user's
      // key no client on the network could use an exposed server: say so instead.
      if (required && (change === null || (change === undefined && !secrets.has(SECRET_ID)))) {
        throw new AppFailure(
          'bad_request',
          'set an API key to make the model reachable from the network: clients there must send it',
        );
      }
      if (change === null) await secrets.remove(SECRET_ID);
      else if (change !== undefined) await secrets.set(SECRET_ID, change);
      const key = await secrets.get(SECRET_ID).catch((error: unknown) => {
        throw new AppFailure(
          'bad_request',
          `the stored API key of the local server cannot be unsealed (${(error as Error).message}); replace or remove it`,
        );
      });
      return key ?? '';
    },
  };
}
