// The backend area: the local llama-server (BackendManager), the user's API key
// for it, the GPU probe the knowledge base's embedder shares, and the
// backend:* handlers (backend-handlers.ts).
import { join } from 'node:path';
import type { EventName, EventPayloads } from '@shared/contract';
import type { AreaModule } from '../area-module';
import type { SlotKeeper } from '../chat/slot-cache/slot-keeper';
import type { ProcessLifecycle } from '../process/process-lifecycle';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import { backendHandlers, type BackendChannel } from './backend-handlers';
import { BackendManager } from './backend-manager';
import { probeGpus } from './gpu/gpu-probe';
import { runTool } from './gpu/run-tool';
import { openUserApiKey } from './user-api-key';

export interface BackendModuleDeps {
  dataDir: string;
  binDirs: readonly string[];
  processes: ProcessLifecycle;
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  settings: SettingsStore;
  secrets: SecretStore;
  slots: SlotKeeper;
  /** where the conversation slots are saved (the server's --slot-save-path) */
  slotDir: string;
  /** stops the model pool, if it runs, before a single model loads: one kind of local server at a time */
  stopPool: () => Promise<void>;
  pickModel?: () => Promise<string | null>;
  timeouts?: { readyTimeoutMs?: number; restartDelaysMs?: number[]; stopGraceMs?: number };
}

export interface BackendModule extends AreaModule<BackendChannel> {
  manager: BackendManager;
  /** the GPUs this machine has, as the given llama-server build sees them */
  probeGpus: (serverPath: string | undefined) => ReturnType<typeof probeGpus>;
}

export async function openBackend(deps: BackendModuleDeps): Promise<BackendModule> {
  const machineGpus = (serverPath: string | undefined) =>
    probeGpus({ run: (cmd, args, timeoutMs) => runTool(cmd, args, timeoutMs, deps.processes.launch) }, serverPath);
  const manager = new BackendManager({
    binDirs: deps.binDirs,
    slotSavePath: deps.slotDir,
    fitMemoryPath: join(deps.dataDir, 'fit-memory.json'),
    registry: deps.processes,
    emit: deps.emit,
    probeGpus: machineGpus,
    ...deps.timeouts,
  });
  const { settings, secrets } = deps;
  const serverKey = await openUserApiKey({
    secrets,
    legacyKey: settings.legacyLoadApiKey,
    dropLegacy: () => settings.update({}),
  });
  const handlers = backendHandlers({ ...deps, backend: manager, serverKey });
  return { manager, probeGpus: machineGpus, handlers, dispose: () => manager.dispose() };
}
