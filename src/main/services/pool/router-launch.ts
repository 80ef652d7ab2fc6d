// Starting the model router: its preset file (one section per model), a free
// port, a fresh key, and llama-server in router mode under the process
// lifecycle, with the command line built from the single model's load settings.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadSettings } from '@shared/contract';
import type { PoolSettings } from '@shared/pool/pool-settings';
import { probeHealth } from '../backend/run/health-probe';
import { findFreePort } from '../backend/launch/net-probe';
import { newLaunchKey, serverKeyEnv } from '../backend/launch/server-key';
import { startServerRun, type ServerRun } from '../backend/run/server-run';
import type { ModelPoolDeps } from './model-pool-deps';
import { poolPreset, type PresetModel } from './pool-preset';
import { routerArgs } from './router-args';
import { routerClient, type RouterClient } from './router-client';

export interface RouterLaunch {
  run: ServerRun;
  port: number;
  client: RouterClient;
  apiKey: string;
}

export async function launchRouter(
  deps: Pick<ModelPoolDeps, 'dir' | 'server' | 'registry' | 'log'>,
  {
    pool,
    load,
    models,
    budgetBytes,
  }: { pool: PoolSettings; load: LoadSettings; models: readonly PresetModel[]; budgetBytes: number },
  onLine: (stream: 'stdout' | 'stderr', text: string) => void,
): Promise<RouterLaunch> {
  await mkdir(deps.dir, { recursive: true });
  const presetPath = join(deps.dir, 'models.ini');
  await writeFile(presetPath, poolPreset([...models], load.contextSize));
  const { path, kind } = await deps.server();
  const port = await findFreePort();
  // The shared flags come from the single-model command line, without what belongs to one model (its file, context,
  // adapters).
  const args = routerArgs({ load, backend: kind, port, presetPath, maxLoaded: pool.maxLoaded });
  const apiKey = newLaunchKey();
  deps.log(
    'app',
    `starting the model router (${models.length} models, at most ${pool.maxLoaded} loaded, budget ${Math.round(budgetBytes / 2 ** 20)} MiB): ${path} ${args.join(' ')}`,
  );
  const run = startServerRun({
    serverPath: path,
    args,
    env: serverKeyEnv(apiKey, ''),
    port,
    registry: deps.registry,
    onLine,
    logTail: () => [],
    readyTimeoutMs: 60_000,
    stopGraceMs: 10_000,
    probeHealth,
    clock: () => performance.now(),
  });
  return { run, port, client: routerClient(`http://127.0.0.1:${port}`, apiKey), apiKey };
}
