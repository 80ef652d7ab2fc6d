// The model pool in the core: its channels, and the rule that one kind of
// local server runs at a time (the pool or the single model), since each would
// otherwise take the memory the other planned with.
import { join } from 'node:path';
import type { EventName, EventPayloads } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import type { ChannelsOf, InvokeHandlers } from '@shared/contract';
import type { AreaModule } from '../area-module';
import type { BackendManager } from '../backend/backend-manager';
import { orderBackends } from '../backend/backend-choice';
import type { ProcessLifecycle } from '../process/process-lifecycle';
import type { SettingsStore } from '../settings/settings-store';
import { ModelPool } from './model-pool';

export interface PoolModuleDeps {
  dataDir: string;
  processes: ProcessLifecycle;
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  backend: BackendManager;
  settings: SettingsStore;
  /** saves what the single model's server holds before it is stopped for the pool */
  beforeSingleStops: () => Promise<void>;
  idleCheckMs?: number;
}

export interface PoolModule extends AreaModule<ChannelsOf<'pool'>> {
  pool: ModelPool;
  /** stops the pool if it runs (a single model is about to load) */
  stopIfRunning(): Promise<void>;
}

export function openPool(deps: PoolModuleDeps): PoolModule {
  const pool = new ModelPool({
    registry: deps.processes,
    emit: deps.emit,
    dir: join(deps.dataDir, 'pool'),
    log: (stream, text) => deps.backend.logLine(stream, text),
    idleCheckMs: deps.idleCheckMs,
    server: async () => {
      const { backends } = await deps.backend.discover();
      const usable = backends.filter((backend) => backend.executable);
      const [kind] = orderBackends(
        deps.settings.get().load.backend,
        usable.map((backend) => backend.kind),
      );
      const chosen = usable.find((backend) => backend.kind === kind);
      if (!chosen) throw new AppFailure('backend_missing', 'no llama-server build was found to run the model pool');
      return { path: chosen.serverPath, kind: chosen.kind };
    },
  });
  const handlers = {
    'pool:start': async (input) => {
      const next = await deps.settings.update({ pool: input });
      await deps.beforeSingleStops();
      if (deps.backend.getStatus().state !== 'stopped') await deps.backend.stop();
      return pool.start(next.pool, next.load);
    },
    'pool:stop': async () => pool.stop(),
    'pool:status': async () => pool.getStatus(),
    'pool:use': async ({ id }) => pool.use(id),
    'pool:unload': async ({ id }) => pool.unload(id),
  } satisfies Pick<InvokeHandlers, ChannelsOf<'pool'>>;
  return {
    pool,
    handlers,
    stopIfRunning: async () => {
      if (pool.getStatus().state !== 'stopped') await pool.stop();
    },
    dispose: () => pool.dispose(),
  };
}
