// The core: the list of areas in start order, each opened once with what it
// depends on, behind the contract's handlers. Both hosts (Electron and the
// browser host) create exactly this and only differ in how they carry calls and
// events. An area is `open<Area>(deps)` returning its handlers and `dispose`
// (services/area-module.ts); the core disposes them in reverse start order.
import { join } from 'node:path';
import { homedir } from 'node:os';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { SOURCE_TOOL_WORKER, besideToolWorker, type Core, type CoreOptions } from './core-options';
import { openFoundation, type Foundation } from './core-foundation';
import { AreaList } from './services/area-module';
import { openAppInfo } from './services/app-info/app-info-module';
import { openSettings } from './services/settings/settings-module';
import { openBackend, type BackendModule } from './services/backend/backend-module';
import { openLinks } from './services/links/links-module';
import { openSlotKeeper } from './services/chat/slot-cache/slot-keeper';
import { openPool } from './services/pool/pool-module';
import { openChat } from './services/chat/chat-module';
import { openHistory } from './services/history/history-module';
import { openTools } from './services/tools/tools-module';
import { openMcp } from './services/mcp/mcp-module';
import { openWebSearch } from './services/tools/web-search/web-search-module';
import { openKnowledge } from './services/knowledge/knowledge-module';
import { openImages } from './services/images/image-module';
import { openAgent, type AgentModule } from './services/agent/agent-module';
import { openHotkeys } from './services/hotkeys/hotkeys-module';
import { openScreen, workerScreenCapturer } from './services/screen/screen-service';
import { openModels } from './services/models/models-module';
import { openModelInfo } from './services/model-info/model-info-module';
import { openVoice } from './services/voice/voice-module';
import { openWorkshop } from './services/workshop/workshop-module';
import { openCompare } from './services/compare/compare-module';
import { openLocalApi } from './services/local-api/local-api-module';

export type { Core, CoreOptions } from './core-options';

export async function createCore(options: CoreOptions): Promise<Core> {
  const foundation = await openFoundation(options);
  const { processes, lock } = foundation;
  const areas = new AreaList();
  // Whatever an area left running, the lifecycle still stops; the lock goes last.
  const stop = async () => {
    try {
      await areas.dispose();
    } finally {
      await processes.close();
      await lock.release();
    }
  };
  try {
    const parts = await openAreas(options, foundation, areas);
    return { ...parts, processes, lock, handlers: areas.handlers(), dispose: stop };
  } catch (error) {
    // A start that fails halfway leaves nothing running and the data dir free for the next try.
    await stop().catch((stopError: unknown) => {
      throw new AggregateError([error, stopError], 'the core failed to start, and stopping what it had started failed');
    });
    throw error;
  }
}

async function openAreas(options: CoreOptions, foundation: Foundation, areas: AreaList) {
  const { paths, events, processes, secrets, early } = foundation;
  const { binDirs, backendTimeouts: timeouts } = options;
  const dataDir = paths.root;
  const emit = events.emit;
  const settings = areas.add(await openSettings({ dataDir, notify: (notice) => early.push(notice) }));
  const store = settings.store;
  // What most areas are opened with; each takes the part it declares.
  const base = { dataDir, binDirs, processes, launch: processes.launch, emit, secrets, settings: store, timeouts };
  const followSettings = settings.follow;

  const slotDir = join(dataDir, 'slots');
  const cacheBytes = () => store.get().chat.reopenCacheMb * 2 ** 20;
  const slots = await openSlotKeeper({
    dir: slotDir,
    budgetBytes: cacheBytes,
    log: (line) => backend.manager.appLog(line),
  });
  const stopPool = () => pool.stopIfRunning();
  const backend: BackendModule = areas.add(
    await openBackend({ ...base, slots, slotDir, stopPool, pickModel: options.pickModel }),
  );
  const leaveSlot = () => slots.leave(null);
  const idleCheckMs = options.poolIdleCheckMs;
  const pool = areas.add(openPool({ ...base, backend: backend.manager, beforeSingleStops: leaveSlot, idleCheckMs }));
  // The conversation a server holds is saved before the pool or the server stops (disposed before them).
  areas.add({ handlers: {}, dispose: leaveSlot });
  const links = areas.add(openLinks(base));
  const autoTitle = () => store.get().chat.autoTitle;
  const history = areas.add(
    openHistory({ historyDir: paths.history, emit, autoTitle, slots, store: options.historyTimings }),
  );
  const worker = options.toolWorker ?? SOURCE_TOOL_WORKER;
  const tools = areas.add(openTools({ ...base, workspaceDir: paths.workspace, worker }));
  const workspaceDir = () => store.get().tools.workspaceDir || paths.workspace;
  const clientInfo = { name: 'eva-desktop', version: options.version };
  const onStatus = (servers: McpServerStatus[]) => emit('mcp:status', { servers });
  const mcp = { tools: tools.registry, followSettings, onStatus, clientInfo, timing: options.mcpTiming, workspaceDir };
  areas.add(await openMcp({ ...base, ...mcp }));
  areas.add(openWebSearch({ ...base, registry: tools.registry }));
  const extractWorker = options.extractWorker ?? besideToolWorker(worker, 'extract-worker');
  const resolveLink = (id: string) => links.service.resolve(id);
  const knowledge = areas.add(
    await openKnowledge({
      ...base,
      settings: () => store.get(),
      probeGpus: backend.probeGpus,
      resolveLink,
      extractWorker,
    }),
  );
  followSettings((patch) => (patch.knowledge ? knowledge.settingsChanged() : undefined));
  tools.registry.setProvider('knowledge', knowledge.toolProvider);
  const images = areas.add(await openImages({ ...base, settings: () => store.get().images, history }));
  tools.registry.setProvider('images', images.toolProvider);
  const chat = areas.add(
    openChat({
      ...base,
      backend: backend.manager,
      pool: pool.pool,
      links: links.service,
      slots,
      events,
      knowledge,
      history,
      agent: () => agent,
      idleTimeoutMs: options.chatIdleTimeoutMs,
      retryPolicy: options.chatRetryPolicy,
    }),
  );
  const localServer = () => backend.manager.localEndpoint();
  const embedder = (signal: AbortSignal) => knowledge.embedder.ready(signal);
  const localApi = { localServer, pool: pool.pool, links: links.service, embedder, followSettings };
  areas.add(await openLocalApi({ ...base, ...localApi }));
  const { runner, registry } = tools;
  const agentDeps = { chat: chat.service, links: links.service, runner, registry, live: chat.live, history };
  const agent: AgentModule = areas.add(openAgent({ ...base, ...agentDeps, defaultWorkspaceDir: paths.workspace }));
  areas.add(openHotkeys({ ...base, shortcuts: options.globalShortcuts ?? null, followSettings }));
  areas.add(openScreen(options.captureScreen ?? workerScreenCapturer(runner)));
  const modelsFolder = join(dataDir, 'models');
  const models = areas.add(
    openModels({ ...base, defaultFolder: modelsFolder, homeDir: homedir(), backend: backend.manager }),
  );
  const { freeMemory, chatIdleTimeoutMs } = options;
  const compared = { backend: backend.manager, pool: pool.pool, links: links.service, models: models.library };
  areas.add(openCompare({ ...base, ...compared, freeMemory, chatIdleTimeoutMs }));
  areas.add(openModelInfo({ localServer: () => backend.manager.localEndpoint() }));
  areas.add(openVoice(base));
  areas.add(openWorkshop({ ...base, pythonEnvDir: options.pythonEnvDir ?? join(dataDir, 'python', 'convert-env') }));
  areas.add(openAppInfo({ ...options, dataDir, events, early, launch: processes.launch, settings: () => store.get() }));

  return { events, settings: store, backend: backend.manager, models: models.library };
}
