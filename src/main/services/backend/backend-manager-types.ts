// The shapes around BackendManager: what it is given, what it hands the chat,
// and its record of the llama-server launch it is running.
import type { BackendKind, EventName, EventPayloads, GpuInfo, LoadSettings } from '@shared/contract';
import type { ProcessLifecycle } from '../process/process-lifecycle';
import type { ServerRun } from './run/server-run';

/** Where the chat reaches the running server, and what its KV cache belongs to. */
export interface LocalEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
  slotIdentity?: string;
}

export interface BackendManagerDeps {
  /** searched in order for `<dir>/<backend>/llama-server` */
  binDirs: readonly string[];
  registry: ProcessLifecycle;
  emit: <E extends EventName>(event: E, payload: EventPayloads[E]) => void;
  probeGpus: (serverPath: string | undefined) => Promise<GpuInfo[]>;
  probeHealth?: (port: number) => Promise<number | null>;
  now?: () => number;
  clock?: () => number;
  readyTimeoutMs?: number;
  restartDelaysMs?: readonly number[];
  /** ready this long before a crash refills the restart budget (default 60 s) */
  restartHealthyMs?: number;
  stopGraceMs?: number;
  logCapacity?: number;
  /** free system RAM in bytes, for the recommended context (default: os.freemem) */
  freeMemory?: () => number;
  /** all system RAM in bytes, against which a model too large for the machine is refused (default: os.totalmem) */
  totalMemory?: () => number;
  /**
   * appended to every launch's argv: a second manager runs an embedding server with `--embedding …`
   * (knowledge/embedding-server.ts)
   */
  extraArgs?: readonly string[];
  /** the conversation cache's folder: a loopback server saves and restores slots there */
  slotSavePath?: string;
  /** where what fit after running out of memory is remembered (fit/load-fitting.ts); in memory only when absent */
  fitMemoryPath?: string;
}

export interface ActiveRun {
  key: string;
  settings: LoadSettings;
  /** the user's key for network clients, '' for none */
  userKey: string;
  /** this launch's random key: what EVA itself sends (launch/server-key.ts) */
  launchSecret: string;
  backend: BackendKind;
  serverPath: string;
  args: string[];
  run: ServerRun;
  /** what this launch's KV cache belongs to, when it saves slots */
  slotIdentity?: string;
}
