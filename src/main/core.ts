// The core: every service, wired once, behind the contract's handlers. Both
// hosts (Electron and the browser host) create exactly this and only differ in
// how they carry calls and events.
import type { RetryPolicy } from './services/chat/retry-stream';
import type { AppInfo, InvokeHandlers, Notice } from '@shared/contract';
import { AppFailure } from '@shared/errors';
import { checkExternalLink } from '@shared/external-link';
import { ensureDataPaths } from './services/app/data-paths';
import { EventBus } from './services/app/event-bus';
import { BackendManager } from './services/backend/backend-manager';
import { backendHandlers } from './services/backend/backend-handlers';
import { probeGpus } from './services/backend/gpu-probe';
import { runTool } from './services/backend/run-tool';
import { openProcessLifecycle, type ProcessLifecycle } from './services/process/process-lifecycle';
import type { GuardianEntry } from './services/process/guardian';
import { acquireInstanceLock, type InstanceLock } from './services/app/instance-lock';
import { openSettingsStore, type SettingsStore } from './services/settings/settings-store';
import { createChatService, readAheadOff } from './services/chat/chat-service';
import { LiveRuns } from './services/chat/live-runs';
import { createLinkService } from './services/links/link-service';
import { localKeyFileCipher, type SecretCipher } from './services/secrets/secret-cipher';
import { openSecretStore } from './services/secrets/secret-store';
import { openUserApiKey } from './services/backend/user-api-key';
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freemem, homedir } from 'node:os';
import { createAgentService } from './services/agent/agent-service';
import { ToolRunner } from './services/tools/tool-runner';
import { containerSweeper, removeContainersByName } from './services/tools/sandbox/container-sweep';
import { sandboxFromSettings } from './services/tools/sandbox/sandbox';
import { forkWorkerSpawner } from './services/tools/worker/worker-process';
import { builtinToolProvider, ToolRegistry } from './services/tools/tool-registry';
import { createHistoryService } from './services/history/history-service';
import { historyHandlers } from './services/history/history-handlers';
import { createHotkeyService, type GlobalShortcuts } from './services/hotkeys/hotkey-service';
import { createScreenService, workerScreenCapturer, type ScreenCapturer } from './services/screen/screen-service';
import { openMcpManager } from './services/mcp/mcp-manager';
import { mcpHandlers } from './services/mcp/mcp-handlers';
import type { McpTiming } from './services/mcp/mcp-server-slot';
import { openSlotKeeper } from './services/chat/slot-cache/slot-keeper';
import { createVoiceService } from './services/voice/voice-service';
import { voiceHandlers } from './services/voice/voice-handlers';
import { createWorkshopService } from './services/workshop/workshop-service';
import { workshopHandlers } from './services/workshop/workshop-handlers';
import { createModelLibrary, type ModelLibrary } from './services/models/model-library-service';
import { modelLibraryHandlers } from './services/models/model-library-handlers';
import { orderBackends } from './services/backend/backend-choice';
import { openKnowledge } from './services/knowledge/knowledge-module';
import type { ExtractWorkerEntry } from './services/knowledge/extract/extract-worker-client';
import { openModelInfo } from './services/model-info/model-info-module';
import { openImages } from './services/images/image-module';
import { openPool } from './services/pool/pool-module';

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
  backendTimeouts?: { readyTimeoutMs?: number; restartDelaysMs?: number[]; stopGraceMs?: number };
  /** how API keys are sealed at rest; default: a 0600 key file in the data dir (Electron passes the OS keychain) */
  secretCipher?: SecretCipher | null;
  /** for tests: a short "no data" timeout instead of 120 s */
  chatIdleTimeoutMs?: number;
  /** pauses before asking a link again after 429 or a passing 5xx (default 1, 3 and 9 s) */
  chatRetryPolicy?: RetryPolicy;
  /** how often the model pool looks for idle models (tests shorten it) */
  poolIdleCheckMs?: number;
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

const SOURCE_TOOL_WORKER = {
  entry: fileURLToPath(new URL('./workers/tool-worker.ts', import.meta.url)),
  execArgv: ['--import', 'tsx'],
};

/** Both worker entries sit in one folder, built (out/main/*.js) or not (src/main/workers/*.ts), and run alike. */
function extractWorkerBeside(toolWorker: NonNullable<CoreOptions['toolWorker']>): ExtractWorkerEntry {
  return {
    ...toolWorker,
    entry: join(dirname(toolWorker.entry), basename(toolWorker.entry).replace('tool-worker', 'extract-worker')),
  };
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
  /** stop every child process and wait for them */
  dispose(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const events = new EventBus();
  const paths = await ensureDataPaths(options.dataDir);
  // One app per data dir; only then is anything found running under this data dir a leftover.
  const lock = await acquireInstanceLock(paths.root);
  // Notices raised before any window is attached (a corrupt settings file) are replayed to the first one.
  const early: Notice[] = [];
  const processes = await openProcessLifecycle({
    runDir: join(paths.root, 'run'),
    scopeKey: paths.root,
    guardian: options.guardian ?? null,
  });
  const { stopped } = processes.leftovers;
  if (stopped.length > 0) {
    const names = stopped.map((proc) => `${proc.name} (pid ${proc.pid})`).join(', ');
    early.push({
      level: 'warning',
      code: 'leftovers_stopped',
      message: `EVA had not shut down cleanly last time; stopped what it had left running: ${names}.`,
      details: { names },
    });
  }
  const settings = await openSettingsStore(paths.root, (notice) => early.push(notice));
  const slotDir = join(paths.root, 'slots');
  const probeMachineGpus = (serverPath: string | undefined) =>
    probeGpus({ run: (cmd, args, timeoutMs) => runTool(cmd, args, timeoutMs, processes.launch) }, serverPath);
  const backend = new BackendManager({
    binDirs: options.binDirs,
    slotSavePath: slotDir,
    fitMemoryPath: join(paths.root, 'fit-memory.json'),
    registry: processes,
    emit: events.emit,
    probeGpus: probeMachineGpus,
    ...options.backendTimeouts,
  });

  const secrets = await openSecretStore(
    join(paths.root, 'secrets.json'),
    options.secretCipher ?? (await localKeyFileCipher(join(paths.root, 'local-secret.key'))),
  );
  const links = createLinkService({ settings, secrets });
  const serverKey = await openUserApiKey({
    secrets,
    legacyKey: settings.legacyLoadApiKey,
    dropLegacy: () => settings.update({}),
  });
  const slots = await openSlotKeeper({
    dir: slotDir,
    budgetBytes: () => settings.get().chat.reopenCacheMb * 2 ** 20,
    log: (line) => backend.appLog(line),
  });
  const pool = openPool({
    dataDir: paths.root,
    registry: processes,
    emit: events.emit,
    backend,
    settings,
    beforeSingleStops: () => slots.leave(null),
    idleCheckMs: options.poolIdleCheckMs,
  });
  const chat = createChatService({
    localServer: () => backend.localEndpoint(),
    readyLocalServer: (signal) => backend.readyEndpoint(signal),
    poolServer: (model) => pool.pool.endpoint(model),
    links,
    emit: events.emit,
    idleTimeoutMs: options.chatIdleTimeoutMs,
    slots,
    retryPolicy: options.chatRetryPolicy,
    log: (line) => backend.appLog(line),
    serverStopped: (endpoint, since) =>
      (endpoint.kind === 'local' && endpoint.model ? pool.pool : backend).stoppedSince(since),
  });
  // Kept up to date from the same events the pages get, so a page that reloads can pick a request up again.
  const live = new LiveRuns(events.emit);
  events.attach(live.observe);
  const history = createHistoryService({
    historyDir: paths.history,
    emit: events.emit,
    autoTitle: () => settings.get().chat.autoTitle,
    store: options.historyTimings,
  });
  const worker = options.toolWorker ?? SOURCE_TOOL_WORKER;
  // Containers of the tools sandbox carry the data dir and this run's pid, so the next start removes what a crash left.
  const sandboxOwner = {
    dataScope: createHash('sha256').update(paths.root).digest('hex').slice(0, 16),
    pid: process.pid,
  };
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
    fence: { dir: paths.root, allowed: [paths.workspace] },
  });
  const tools = new ToolRegistry();
  tools.setProvider('builtin', builtinToolProvider(runner));
  const mcp = await openMcpManager({
    dataDir: paths.root,
    tools,
    onStatus: (servers) => events.emit('mcp:status', { servers }),
    launch: processes.launch,
    clientInfo: { name: 'eva-desktop', version: options.version },
    timing: options.mcpTiming,
    secrets,
    // The same workspace the agent's file tools use (agent-service.ts), offered to servers as their root.
    workspaceDir: () => settings.get().tools.workspaceDir || paths.workspace,
  });
  const knowledge = await openKnowledge({
    dataDir: paths.root,
    binDirs: options.binDirs,
    registry: processes,
    probeGpus: probeMachineGpus,
    settings: () => settings.get(),
    resolveLink: (id) => links.resolve(id),
    emit: events.emit,
    extractWorker: options.extractWorker ?? extractWorkerBeside(worker),
    timeouts: options.backendTimeouts,
  });
  tools.setProvider('knowledge', knowledge.toolProvider);
  const images = await openImages({
    dataDir: paths.root,
    binDirs: options.binDirs,
    launch: processes.launch,
    emit: events.emit,
    settings: () => settings.get().images,
    history,
  });
  tools.setProvider('images', images.toolProvider);
  const agent = createAgentService({
    chat,
    links,
    runner,
    registry: tools,
    settings,
    defaultWorkspaceDir: paths.workspace,
    emit: events.emit,
  });

  const hotkeys = createHotkeyService({ shortcuts: options.globalShortcuts ?? null, emit: events.emit });
  hotkeys.apply(settings.get().hotkeys);
  const screen = createScreenService(options.captureScreen ?? workerScreenCapturer(runner));
  const models = createModelLibrary({
    settings,
    defaultFolder: join(paths.root, 'models'),
    homeDir: homedir(),
    emitDownload: (state) => events.emit('models:download', state),
    machineRoom: async () => {
      const { backends, gpus } = await backend.discover();
      const [first = 'cpu'] = orderBackends(
        settings.get().load.backend,
        backends.filter((b) => b.executable).map((b) => b.kind),
      );
      return { backend: first, gpus: first === 'cpu' ? [] : gpus, freeRamBytes: freemem() };
    },
  });
  const modelInfo = openModelInfo({ localServer: () => backend.localEndpoint() });
  const voice = createVoiceService({
    binDirs: options.binDirs,
    launch: processes.launch,
    settings: () => settings.get().voice,
  });
  const workshop = createWorkshopService({
    binDirs: options.binDirs,
    launch: processes.launch,
    emit: events.emit,
    emitLog: (log) => events.emit('workshop:log', log),
    pythonEnvDir: options.pythonEnvDir ?? join(paths.root, 'python', 'convert-env'),
  });

  const info: AppInfo = {
    version: options.version,
    host: options.host,
    platform: process.platform,
    dataDir: paths.root,
    systemLanguage: options.systemLanguage,
    canPickFiles: Boolean(options.pickModel),
  };

  const handlers: InvokeHandlers = {
    'app:open-external': async ({ url }) => {
      // Checked again here: the contract's check is the renderer's word, this one is ours.
      const link = checkExternalLink(url);
      if (!link.ok) throw new AppFailure('bad_request', link.reason);
      if (!options.openExternal) return { opened: false };
      await options.openExternal(link.url);
      return { opened: true };
    },
    'app:info': async () => {
      for (const notice of early.splice(0)) events.emit('app:notice', notice);
      return info;
    },
    'settings:get': async () => settings.get(),
    'settings:update': async (patch) => {
      const next = await settings.update(patch);
      if (patch.hotkeys) hotkeys.apply(next.hotkeys);
      if (patch.tools) await mcp.syncRoots();
      if (patch.knowledge) knowledge.settingsChanged();
      return next;
    },
    ...backendHandlers({ backend, slots, pool: pool.pool, settings, serverKey, pickModel: options.pickModel }),
    'chat:send': async (input) =>
      live.track(
        { requestId: input.requestId, kind: 'chat', record: input.mode === 'chat' ? input.record : undefined },
        async () => {
          // With the composer's knowledge toggle on, the answer is saved with the passages its prompt was given.
          const prepared = await knowledge.withKnowledge(input);
          return history.send(
            chat.send,
            prepared.input,
            prepared.citations.length > 0 ? { citations: prepared.citations } : undefined,
          );
        },
      ),
    'chat:stop': async ({ requestId }) => chat.stop(requestId),
    'chat:props': async (input) => chat.props(input?.endpoint),
    'chat:count-tokens': async (input) => chat.countTokens(input),
    'chat:prefill': async (input) => (input.agent ? agent : chat).prefill(input, readAheadOff(settings.get())),
    'link:list': async () => links.list(),
    'link:save': async (input) => links.save(input),
    'link:delete': async ({ id }) => links.remove(id),
    'link:test': async (input) => links.test(input),
    'agent:run': async (input) =>
      live.track(
        {
          requestId: input.requestId,
          kind: 'agent',
          record: input.record,
          conversationAllowed: input.conversationAllowed,
        },
        () => history.runAgent(agent.run, input),
      ),
    'agent:stop': async ({ requestId }) => agent.stop(requestId),
    'agent:consent': async ({ askId, answer }) => {
      const result = agent.answer(askId, answer);
      if (result.accepted) live.answered(askId, answer);
      return result;
    },
    'runs:live': async ({ conversationId }) => ({ runs: live.inConversation(conversationId) }),
    'tools:list': async () => agent.tools(),
    'agent:tools-prompt': async (input) => agent.toolsPrompt(input),
    'hotkeys:status': async () => hotkeys.status(),
    'screen:capture': async (input) => screen.capture(input),
    ...mcpHandlers(mcp),
    ...historyHandlers(history, slots),
    ...voiceHandlers(voice),
    ...modelLibraryHandlers(models),
    ...knowledge.handlers,
    ...workshopHandlers(workshop),
    ...modelInfo.handlers,
    ...images.handlers,
    ...pool.handlers,
  };

  return {
    handlers,
    events,
    settings,
    backend,
    processes,
    lock,
    models,
    async dispose() {
      hotkeys.release();
      // Parts stay on disk: the next start of the same download resumes them.
      await models.dispose();
      chat.dispose();
      voice.dispose();
      workshop.dispose();
      images.dispose();
      await agent.dispose();
      await containers.removeOwn();
      await mcp.dispose();
      await knowledge.dispose();
      await history.dispose();
      await slots.leave(null);
      await pool.pool.dispose();
      await backend.dispose();
      await processes.close();
      await lock.release();
    },
  };
}
