// The tools area: the runner that executes every tool call in a worker process
// (or a container of the sandbox), and the registry the agent offers tools
// from (built-in ones here; MCP, knowledge and images add theirs). It has no
// channels of its own: the agent area serves tools:list.
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import type { AreaModule } from '../area-module';
import type { ProcessLifecycle } from '../process/process-lifecycle';
import type { SettingsStore } from '../settings/settings-store';
import { containerSweeper, removeContainersByName } from './sandbox/container-sweep';
import { sandboxFromSettings } from './sandbox/sandbox';
import { builtinToolProvider, ToolRegistry } from './tool-registry';
import { ToolRunner } from './tool-runner';
import { forkWorkerSpawner } from './worker/worker-process';

export interface ToolsModuleDeps {
  dataDir: string;
  /** the default workspace; the fence keeps file tools out of the rest of the data dir */
  workspaceDir: string;
  processes: ProcessLifecycle;
  settings: SettingsStore;
  /** the tool worker entry: built (`out/main/tool-worker.js`) or from source through tsx */
  worker: { entry: string; execArgv: string[]; env?: NodeJS.ProcessEnv };
}

export interface ToolsModule extends AreaModule {
  runner: ToolRunner;
  registry: ToolRegistry;
}

export function openTools({ dataDir, workspaceDir, processes, settings, worker }: ToolsModuleDeps): ToolsModule {
  // Containers of the tools sandbox carry the data dir and this run's pid, so the next start removes what a crash left.
  const sandboxOwner = { dataScope: createHash('sha256').update(dataDir).digest('hex').slice(0, 16), pid: process.pid };
  const containers = containerSweeper({
    settings: () => settings.get().tools.sandbox,
    ...sandboxOwner,
    launch: processes.launch,
  });
  void containers.removeLeftovers();
  const runner = new ToolRunner({
    sandbox: () => sandboxFromSettings(settings.get().tools.sandbox, sandboxOwner),
    removeContainers: (sandbox, names) => removeContainersByName(sandbox, names, processes.launch),
    spawnWorker: forkWorkerSpawner({ ...worker, maxOldSpaceMb: { calculator: 256 }, launch: processes.launch }),
    adoptChild: (pid, name) => processes.adopt(pid, name),
    homeDir: homedir(),
    fence: { dir: dataDir, allowed: [workspaceDir] },
    webAllowHosts: () => settings.get().tools.webAllowHosts,
  });
  const registry = new ToolRegistry();
  registry.setProvider('builtin', builtinToolProvider(runner));
  return {
    runner,
    registry,
    handlers: {},
    dispose: async () => {
      await containers.removeOwn();
    },
  };
}
