// No container outlives the app. A call removes its own container when it ends
// (run-in-container.ts); what a killed worker or a crashed app left is found by
// name when its worker died first, and by label: on quit, every container this app started (its pid); at the next
// start, every container of this data dir started by an earlier run.
import { existsSync } from 'node:fs';
import type { SandboxSettings } from '@shared/tools/schemas';
import type { Launch } from '../../process/process-lifecycle';
import { containerListArgv, containerRemoveArgv, findRuntime, type PathLookup } from './container-argv';
import { callRuntime, runtimeEnv } from './runtime-command';
import { DATA_LABEL, OWNER_LABEL, type ContainerSandbox } from './sandbox';

export interface ContainerSweepDeps {
  settings: () => SandboxSettings;
  dataScope: string;
  pid: number;
  launch?: Launch;
  lookup?: PathLookup;
}

export interface ContainerSweeper {
  /** containers of this data dir that an earlier run left; resolves with how many were removed */
  removeLeftovers(): Promise<number>;
  /** containers this run started that are still there */
  removeOwn(): Promise<number>;
}

export function containerSweeper(deps: ContainerSweepDeps): ContainerSweeper {
  const runtimeOrNull = () => {
    const settings = deps.settings();
    // Not in container mode: nothing of ours can be there, and the runtime may not even be installed.
    if (settings.mode !== 'container') return null;
    const runtime = findRuntime(
      settings.container.runtime,
      deps.lookup ?? { platform: process.platform, path: process.env.PATH, exists: existsSync },
    );
    return runtime ? { runtime, env: runtimeEnv(settings.container.runtimeEnv) } : null;
  };
  const list = async (runtime: string, env: NodeJS.ProcessEnv, filters: Array<[string, string]>) => {
    const args = containerListArgv(...(filters[0] as [string, string]));
    for (const [label, value] of filters.slice(1)) args.push('--filter', `label=${label}=${value}`);
    const answer = await callRuntime({ runtime, args, env, launch: deps.launch });
    return answer.ok
      ? answer.output
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
      : [];
  };
  const remove = async (runtime: string, env: NodeJS.ProcessEnv, ids: string[]) => {
    if (ids.length === 0) return 0;
    const answer = await callRuntime({ runtime, args: containerRemoveArgv(runtime, ids), env, launch: deps.launch });
    return answer.ok ? ids.length : 0;
  };
  return {
    async removeLeftovers() {
      const found = runtimeOrNull();
      if (!found) return 0;
      const all = await list(found.runtime, found.env, [[DATA_LABEL, deps.dataScope]]);
      const own = new Set(
        await list(found.runtime, found.env, [
          [DATA_LABEL, deps.dataScope],
          [OWNER_LABEL, String(deps.pid)],
        ]),
      );
      return remove(
        found.runtime,
        found.env,
        all.filter((id) => !own.has(id)),
      );
    },
    async removeOwn() {
      const found = runtimeOrNull();
      if (!found) return 0;
      return remove(
        found.runtime,
        found.env,
        await list(found.runtime, found.env, [
          [DATA_LABEL, deps.dataScope],
          [OWNER_LABEL, String(deps.pid)],
        ]),
      );
    },
  };
}

/** Removes these containers now (a worker died before its call could); resolves with whether the runtime agreed. */
export async function removeContainersByName(
  sandbox: ContainerSandbox,
  names: readonly string[],
  launch?: Launch,
  lookup?: PathLookup,
): Promise<boolean> {
  const runtime = findRuntime(
    sandbox.runtime,
    lookup ?? { platform: process.platform, path: process.env.PATH, exists: existsSync },
  );
  if (!runtime || names.length === 0) return false;
  const answer = await callRuntime({
    runtime,
    args: containerRemoveArgv(runtime, names),
    env: runtimeEnv(sandbox.runtimeEnv),
    launch,
  });
  return answer.ok;
}
