// Loading and unloading one model through the router, and waiting until its listing says it is done: the router
// answers at once and its model's server comes up (or down) afterwards.
import { AppFailure, toAppError } from '@shared/errors';
import type { PoolModelStatus } from '@shared/pool/pool-types';
import type { RouterClient } from './router-client';

const POLL_MS = 50;
const DEFAULT_LOAD_TIMEOUT_MS = 300_000;

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/** Asks for `id` and waits until `list` (the pool's listing, refreshed) has it loaded, or it failed or ran late. */
export async function loadAndWait(
  client: RouterClient,
  id: string,
  { list, now, timeoutMs }: { list: () => Promise<PoolModelStatus[]>; now: () => number; timeoutMs?: number },
): Promise<void> {
  await client.load(id).catch((error: unknown) => {
    // "already loaded/loading" races are fine; anything else is the answer.
    if (!/already/i.test(toAppError(error).message)) throw error;
  });
  const deadline = now() + (timeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS);
  for (;;) {
    const models = await list();
    const model = models.find((entry) => entry.id === id)!;
    if (model.state === 'loaded' || model.state === 'sleeping') return;
    if (model.state === 'failed')
      throw new AppFailure(
        'backend_failed',
        `${id} could not be loaded: ${model.error ?? 'its server stopped'} (the model log has its lines)`,
      );
    if (now() > deadline)
      throw new AppFailure(
        'ready_timeout',
        `${id} did not load within ${Math.round((timeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS) / 1000)} s`,
      );
    await pause();
  }
}

/** Asks the router to unload `id` and waits until the router itself lists it unloaded. */
export async function unloadAndWait(client: RouterClient, id: string): Promise<void> {
  await client.unload(id);
  // The router's own word, not the pool's status (which says "unloading" until this ends).
  while ((await client.models()).find((model) => model.id === id)?.state !== 'unloaded') await pause();
}
