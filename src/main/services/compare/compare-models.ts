// What the compare area needs to know of the models: which ones a column can
// ask (the library's files, the running pool's models), what each would take in
// memory (the pool's estimate: weights and the KV cache of the context), the
// context a server runs with, and the llama-server build to start.
import type { CompareCandidates, CompareEntrant } from '@shared/compare/compare-types';
import type { BackendInfo, LoadSettings } from '@shared/contract';
import type { LibraryListing } from '@shared/models/model-library';
import type { PoolStatus } from '@shared/pool/pool-types';
import type { ModelPool } from '../pool/model-pool';
import { holdsMemory } from '../pool/pool-model-status';
import { childWithArgument } from '../process/process-memory';
import type { PoolTarget } from './compare-session';
import { AppFailure } from '@shared/errors';
import { orderBackends } from '../backend/backend-choice';
import { estimateBytes } from '../pool/pool-figures';
import type { ScheduledEntrant } from './compare-schedule';

export function candidatesFrom(library: LibraryListing, pool: PoolStatus): CompareCandidates {
  return {
    files: library.models
      .filter((model) => !model.isProjector && model.problem === null)
      .map((model) => ({
        path: model.path,
        name: model.name,
        fileName: model.fileName,
        quantization: model.quantization,
        sizeBytes: model.sizeBytes,
      })),
    pool:
      pool.state === 'ready'
        ? pool.models.map((model) => ({
            id: model.id,
            path: model.path,
            loaded: model.state === 'loaded' || model.state === 'sleeping',
          }))
        : [],
  };
}

/** Each column's model as the schedule weighs it; a file that is not a readable model is refused with why. */
export async function scheduledEntrants(
  entrants: ReadonlyArray<{ columnId: string; entrant: CompareEntrant }>,
  contextSize: number,
  load: LoadSettings,
  pool: PoolStatus,
): Promise<ScheduledEntrant[]> {
  return Promise.all(
    entrants.map(async ({ columnId, entrant }): Promise<ScheduledEntrant> => {
      if (entrant.kind === 'file') {
        const estimatedBytes = await estimateBytes({ id: columnId, path: entrant.path, contextSize }, load);
        return { columnId, kind: 'file', estimatedBytes };
      }
      const model = pool.state === 'ready' ? pool.models.find((candidate) => candidate.id === entrant.id) : undefined;
      if (!model)
        throw new AppFailure(
          'bad_request',
          pool.state === 'ready'
            ? `no model "${entrant.id}" in the pool; it has ${pool.models.map((candidate) => candidate.id).join(', ')}`
            : `the model pool is not running, so it cannot answer with ${entrant.id}: start it first`,
          { model: entrant.id },
        );
      return { columnId, kind: 'pool', model };
    }),
  );
}

/** The llama-server build a column's own server runs on: the user's choice, else the first that runs here. */
export function chooseServer(
  backends: readonly BackendInfo[],
  choice: LoadSettings['backend'],
): { path: string; kind: BackendInfo['kind'] } {
  const usable = backends.filter((backend) => backend.executable);
  const [kind] = orderBackends(
    choice,
    usable.map((backend) => backend.kind),
  );
  const chosen = usable.find((backend) => backend.kind === kind);
  if (!chosen) throw new AppFailure('backend_missing', 'no llama-server build was found to compare models with');
  return { path: chosen.serverPath, kind: chosen.kind };
}

/** The context a server (or, through the router, one of the pool's models) runs with; null when it does not say. */
export async function readContext(
  server: { baseUrl: string; apiKey: string },
  poolModel: string | null,
  fetchImpl: typeof fetch,
): Promise<number | null> {
  const query = poolModel === null ? '' : `?model=${encodeURIComponent(poolModel)}`;
  try {
    const response = await fetchImpl(`${server.baseUrl}/props${query}`, {
      headers: server.apiKey ? { Authorization: `Bearer ${server.apiKey}` } : {},
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return null;
    const props = (await response.json()) as { default_generation_settings?: { n_ctx?: unknown }; n_ctx?: unknown };
    const nCtx = props.default_generation_settings?.n_ctx ?? props.n_ctx;
    return typeof nCtx === 'number' && nCtx > 0 ? nCtx : null;
  } catch {
    // The figure is left out ("context: –"); the answer does not depend on it.
    return null;
  }
}

/**
 * One of the pool's models for a column: loaded through the pool (which keeps its budget), its own llama-server found
 * among the router's children by its port (for its memory), and the context it runs with.
 */
export async function poolTarget(
  pool: Pick<ModelPool, 'getStatus' | 'endpoint'>,
  id: string,
  fetchImpl: typeof fetch,
): Promise<PoolTarget> {
  const before = pool.getStatus().models.find((model) => model.id === id);
  const started = performance.now();
  const server = await pool.endpoint(id);
  const loadMs = before && holdsMemory(before.state) ? null : performance.now() - started;
  const status = pool.getStatus();
  const port = status.models.find((model) => model.id === id)?.port ?? null;
  const pid = status.pid !== null && port !== null ? await childWithArgument(status.pid, '--port', String(port)) : null;
  return { server, pid, nCtx: await readContext(server, id, fetchImpl), loadMs };
}
