// The router's model API over loopback, with the launch key: list, load,
// unload, and a model's slots (whether it is answering now).
import { AppFailure } from '@shared/errors';
import { onceMoreOnDroppedConnection } from '../backend/run/dropped-connection';
import { parseRouterModels, type RouterModel } from './router-models';

export interface RouterClient {
  models(): Promise<RouterModel[]>;
  load(id: string): Promise<void>;
  unload(id: string): Promise<void>;
  /** true while one of the model's slots is working on a request; throws when the router cannot say */
  busy(id: string): Promise<boolean>;
}

export function routerClient(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): RouterClient {
  // Every call here can be repeated: a listing, slots, and a load or unload asked twice is answered "already".
  const send = onceMoreOnDroppedConnection(fetchImpl);
  const call = async (path: string, init: RequestInit = {}): Promise<unknown> => {
    const response = await send(`${baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok)
      throw new AppFailure(
        'backend_failed',
        `the model router answered ${path} with HTTP ${response.status}: ${text.slice(0, 300)}`,
      );
    return text ? JSON.parse(text) : null;
  };
  return {
    models: async () => parseRouterModels(await call('/models')),
    load: async (id) => void (await call('/models/load', { method: 'POST', body: JSON.stringify({ model: id }) })),
    unload: async (id) => void (await call('/models/unload', { method: 'POST', body: JSON.stringify({ model: id }) })),
    busy: async (id) => {
      // Not knowing is not "idle": read as idle, a failed look would unload a model in the middle of an answer.
      const slots = await call(`/slots?model=${encodeURIComponent(id)}&autoload=false`);
      return Array.isArray(slots) && slots.some((slot: { is_processing?: unknown }) => slot?.is_processing === true);
    },
  };
}
