// What a host hands the core and what it gets back: who it is, where the data and binaries live, and
// the native parts only it has (file picker, keychain, global shortcuts,
// screen capture). Tests shorten timings through the optional fields.
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppInfo, InvokeHandlers } from '@shared/contract';
import type { BackendManager } from './services/backend/backend-manager';
import type { InstanceLock } from './services/data-dir/instance-lock';
import type { EventBus } from './services/events/event-bus';
import type { ModelLibrary } from './services/models/model-library-service';
import type { ProcessLifecycle } from './services/process/process-lifecycle';
import type { SettingsStore } from './services/settings/settings-store';
import type { RetryPolicy } from './services/chat/retry-stream';
import type { GlobalShortcuts } from './services/hotkeys/hotkey-service';
import type { ExtractWorkerEntry } from './services/knowledge/extract/extract-worker-client';
import type { McpTiming } from './services/mcp/mcp-server-slot';
import type { GuardianEntry } from './services/process/guardian';
import type { ScreenCapturer } from './services/screen/screen-service';
import type { SecretCipher } from './services/secrets/secret-cipher';

export interface CoreOptions {
  host: AppInfo['host'];
  version: string;
  dataDir: string;
  binDirs: readonly string[];
  systemLanguage: string;
  /** a native file picker, where the host has one */
  pickModel?: () => Promise<string | null>;
  /**
   * opens a checked link in the system browser or mail app (Electron: shell.openExternal); absent in the browser host
   */
  openExternal?: (url: string) => Promise<void>;
  /**
   * opens a folder in the file manager and answers '' or why not (Electron: shell.openPath); without it (the browser
   * host) the core starts the system's opener (xdg-open, open, explorer) through the process lifecycle
   */
  openFolder?: (path: string) => Promise<string>;
  backendTimeouts?: { readyTimeoutMs?: number; restartDelaysMs?: number[]; stopGraceMs?: number };
  /** how API keys are sealed at rest; default: a 0600 key file in the data dir (Electron passes the OS keychain) */
  secretCipher?: SecretCipher | null;
  /** for tests: a short "no data" timeout instead of 120 s */
  chatIdleTimeoutMs?: number;
  /** pauses before asking a link again after 429 or a passing 5xx (default 1, 3 and 9 s) */
  chatRetryPolicy?: RetryPolicy;
  /** how often the model pool looks for idle models (tests shorten it) */
  poolIdleCheckMs?: number;
  /** for tests: the free memory Compare plans with (default os.freemem), small to see models run one after another */
  freeMemory?: () => number;
  /** for tests: the history store's save interval and undo grace period */
  historyTimings?: { streamSaveMs?: number; trashGraceMs?: number; indexFlushMs?: number };
  /**
   * the tool worker entry: the built `out/main/tool-worker.js`, or (default, from source) the TS entry run through tsx
   */
  toolWorker?: { entry: string; execArgv: string[]; env?: NodeJS.ProcessEnv };
  /**
   * the knowledge base's document reader entry; default: the extract-worker beside the tool worker, run the same way
   */
  extractWorker?: ExtractWorkerEntry;
  /** Electron's globalShortcut; without it (browser host) hotkeys work while the page has focus */
  globalShortcuts?: GlobalShortcuts | null;
  /** Electron's desktopCapturer; default: nut-js in the tool worker */
  captureScreen?: ScreenCapturer;
  /** for tests: short MCP retry delays and timeouts */
  mcpTiming?: Partial<McpTiming>;
  /**
   * the guardian process that stops this run's children if the app dies; the hosts pass the built entry, tests may
   * leave it out
   */
  guardian?: GuardianEntry | null;
  /** the workshop's Python environment for converting (EVA_PYTHON_ENV_DIR); default: `<data>/python/convert-env` */
  pythonEnvDir?: string;
}

export interface Core {
  handlers: InvokeHandlers;
  events: EventBus;
  settings: SettingsStore;
  backend: BackendManager;
  /** every child process of this run */
  processes: ProcessLifecycle;
  /** the data dir's single-instance lock */
  lock: InstanceLock;
  /** the model library; the browser host stores dropped files through it */
  models: ModelLibrary;
  /** stop every area and child process, and wait for them */
  dispose(): Promise<void>;
}

export const SOURCE_TOOL_WORKER = {
  entry: fileURLToPath(new URL('./workers/tool-worker.ts', import.meta.url)),
  execArgv: ['--import', 'tsx'],
};

/** Both worker entries sit in one folder, built (out/main/*.js) or not (src/main/workers/*.ts), and run alike. */
export function besideToolWorker(worker: NonNullable<CoreOptions['toolWorker']>, name: string) {
  return { ...worker, entry: join(dirname(worker.entry), basename(worker.entry).replace('tool-worker', name)) };
}
