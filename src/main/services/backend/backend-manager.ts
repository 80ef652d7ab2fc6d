// Keeps at most one llama-server running for the user: chooses the backend
// (falling back when one fails to start), the port and the GPU offload, starts
// it, restarts it with backoff when it dies, and publishes every state change.
// Pure policy lives in the modules it imports; this file is the state machine.
import type { BackendInfo, BackendKind, BackendStatus, EventName, EventPayloads, GpuInfo, GpuLayerEstimate, LoadSettings, LogLine, ModelFacts } from '@shared/contract';
import { AppFailure, toAppError, type AppError } from '@shared/errors';
import { describeExit } from '../process/exit-record';
import type { ProcessLifecycle } from '../process/process-lifecycle';
import { BackendCatalog } from './backend-catalog';
import { ChangeSignal } from './change-signal';
import { fallbackNotice, orderBackends } from './backend-choice';
import { estimateGpuLayers } from './estimate-gpu-layers';
import { readModelFacts } from './model-facts';
import { recommendContext } from './recommend-context';
import type { ContextRecommendation } from '@shared/chat/context-types';
import { freemem } from 'node:os';
import { LogRing } from './log-ring';
import { choosePort, validatePort } from './port-policy';
import { findFreePort, isPortFree } from './net-probe';
import { buildServerArgs, launchKey } from './server-args';
import { newLaunchKey, serverKeyEnv } from './server-key';
import { startServerRun, type ServerRun } from './server-run';
import { LogBatcher } from './log-batcher';
import { probeHealth } from './health-probe';
import { blankStatus, computesOnCpu, superseded } from './backend-status';
import { localUnavailable } from './local-availability';
import { DEFAULT_RESTART_POLICY, decideRestart } from './restart-budget';
import { launchIdentity } from './launch-identity';
import { describeLoadReport, describeServerFit, readLoadReport } from './load-report';
import { openFitMemory, type FitMemory } from './fit-memory';
import { isGpuDevice } from './out-of-memory';
import { diedOfCpuFault, NO_REPACK, outOfMemoryFailure } from './start-failure';
import { beginFit, deviceSignature, nextFit, rememberedNotice, settleFit, type FitRun } from './load-fitting';
import { rpcExposureWarnings } from '@shared/rpc/rpc-exposure';
import { RpcWorkerSet } from './rpc-worker-set';
import { raceWorkerLoss, workerLossNotice } from './rpc-worker-loss';

/** Where the chat reaches the running server, and what its KV cache belongs to. */
export interface LocalEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
  onCpu: boolean;
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
  /** appended to every launch's argv: a second manager runs an embedding server with `--embedding …` (knowledge/embedding-server.ts) */
  extraArgs?: readonly string[];
  /** the conversation cache's folder: a loopback server saves and restores slots there */
  slotSavePath?: string;
  /** where what fit after running out of memory is remembered (load-fitting.ts); in memory only when absent */
  fitMemoryPath?: string;
}

interface ActiveRun {
  key: string;
  settings: LoadSettings;
  /** the user's key for network clients, '' for none */
  userKey: string;
  /** this launch's random key: what EVA itself sends (server-key.ts) */
  launchSecret: string;
  backend: BackendKind;
  serverPath: string;
  args: string[];
  run: ServerRun;
  /** what this launch's KV cache belongs to, when it saves slots */
  slotIdentity?: string;
}

const LOG_TAIL_FOR_ERRORS = 50;
/** How long a failed start's last output is waited for before it is read for why (it exits within milliseconds). */
const EXIT_WAIT_MS = 2000;

export class BackendManager {
  private readonly log: LogRing;
  private readonly batcher: LogBatcher;
  private readonly now: () => number;
  private readonly clock: () => number;
  private status: BackendStatus;
  private active: ActiveRun | null = null;
  /** bumped by every load/stop so a superseded start or restart gives up */
  private generation = 0;
  private readonly catalog: BackendCatalog;
  private readyTiming: { listeningAt: number; readyAt: number } | null = null;
  private readonly statusChanged = new ChangeSignal();
  private readonly fitMemory: Promise<FitMemory>;
  private readonly rpc: RpcWorkerSet;

  constructor(private readonly deps: BackendManagerDeps) {
    this.now = deps.now ?? Date.now;
    this.clock = deps.clock ?? (() => performance.now());
    this.log = new LogRing(deps.logCapacity ?? 5000);
    this.batcher = new LogBatcher((lines) => deps.emit('backend:log-lines', { lines }));
    this.status = this.blankStatus('stopped');
    this.catalog = new BackendCatalog(deps.binDirs, deps.probeGpus);
    this.fitMemory = openFitMemory(deps.fitMemoryPath, (line) => this.appLog(line));
    this.rpc = new RpcWorkerSet({ registry: deps.registry, log: (line) => this.appLog(line), onChange: (rpcWorkers) => this.setStatus({ ...this.status, rpcWorkers }), stopGraceMs: deps.stopGraceMs });
  }

  getStatus(): BackendStatus {
    return this.status;
  }

  /** Clock readings (deps.clock) of the last start: the "listening" line read, and ready confirmed. For benchmarks. */
  lastReadyTiming(): { listeningAt: number; readyAt: number } | null {
    return this.readyTiming;
  }

  /** Where the chat reaches the running server (always over loopback), or null when it is not ready. */
  localEndpoint(): LocalEndpoint | null {
    if (this.status.state !== 'ready' || !this.active || this.status.port === null) return null;
    return { baseUrl: `http://127.0.0.1:${this.status.port}`, apiKey: this.active.launchSecret, model: this.status.model?.name ?? 'local', onCpu: computesOnCpu(this.status), slotIdentity: this.active.slotIdentity };
  }

  /**
   * The endpoint for a chat: at once when ready; while a (re)start is under way it
   * waits up to `waitMs` (a message sent during a crash's backoff goes out once the
   * server is back); otherwise it says why not (crashed, failed, never loaded).
   */
  async readyEndpoint(signal: AbortSignal, waitMs = 60_000): Promise<LocalEndpoint> {
    const deadline = this.clock() + waitMs;
    while (this.status.state === 'starting' && !signal.aborted && this.clock() < deadline) await this.statusChanged.next(signal, deadline - this.clock());
    const endpoint = this.localEndpoint();
    if (endpoint) return endpoint;
    throw localUnavailable(this.status);
  }

  /** The argv of the running server, for comparing with a raw launch. */
  activeLaunch(): { serverPath: string; args: string[] } | null {
    return this.active ? { serverPath: this.active.serverPath, args: [...this.active.args] } : null;
  }

  logLines(): LogLine[] {
    return this.log.all();
  }

  /** Backends on disk and GPUs found; `refresh` forgets cached probes. */
  async discover(refresh = false): Promise<{ backends: BackendInfo[]; gpus: GpuInfo[] }> {
    if (refresh) this.catalog.refresh();
    const backends = await this.catalog.backends();
    const gpuBackend = backends.find((b) => b.kind !== 'cpu' && b.executable);
    return { backends, gpus: await this.catalog.gpus(gpuBackend?.serverPath) };
  }

  async inspect(modelPath: string, mmprojPath: string | undefined, choice: LoadSettings['backend'] = 'auto'): Promise<{ model: ModelFacts; estimate: GpuLayerEstimate; recommendedContext: ContextRecommendation }> {
    const model = await readModelFacts(modelPath, mmprojPath || undefined);
    const backends = (await this.catalog.backends()).filter((b) => b.executable);
    const [first] = orderBackends(choice, backends.map((b) => b.kind));
    const backend = backends.find((b) => b.kind === first);
    const gpus = backend && backend.kind !== 'cpu' ? await this.catalog.gpus(backend.serverPath) : [];
    // Weights alone on the GPU: the KV cache goes there too, so the context is planned against VRAM; otherwise against RAM.
    const weightsOnly = estimateGpuLayers({ backend: backend?.kind ?? 'cpu', model: { ...model, kvBytesPerToken: 0 }, gpus, override: 'auto' });
    const onGpu = weightsOnly.why?.code === 'fits' ? weightsOnly.why : null;
    const recommendedContext = recommendContext({
      trained: model.contextLength,
      kvBytesPerToken: model.kvBytesPerToken ?? 0,
      weightsBytes: model.fileSize + model.mmprojSize,
      freeBytes: onGpu ? onGpu.gpuMiB * 1024 * 1024 : (this.deps.freeMemory ?? freemem)(),
      memory: onGpu ? 'vram' : 'ram',
    });
    // What the form offers by default, with the KV cache of that context counted.
    const estimate = estimateGpuLayers({ backend: backend?.kind ?? 'cpu', model, gpus, override: 'auto', contextSize: recommendedContext.tokens });
    return { model, estimate, recommendedContext };
  }

  /**
   * Start (or keep) the server for these settings; resolves when ready, rejects with
   * an AppFailure. `userKey` is the key clients on the network must send ('' for none).
   */
  async load(settings: LoadSettings, userKey = ''): Promise<BackendStatus> {
    const generation = ++this.generation;
    const startedAt = this.clock();
    try {
      validatePort(settings.port);
      // The GGUF header is read while llama-server starts: only a GPU offload estimate must wait for it.
      const facts = readModelFacts(settings.modelPath, settings.mmprojPath || undefined);
      facts.catch(() => undefined);
      const order = await this.catalog.order(settings.backend);
      const host = settings.exposeOnNetwork ? '0.0.0.0' : '127.0.0.1';
      const notices: string[] = settings.exposeOnNetwork
        ? [`llama-server is reachable from the network on 0.0.0.0${userKey ? ' for clients sending your API key' : ', but no client can use it without an API key'}`]
        : [];
      notices.push(...rpcExposureWarnings(settings.rpc));

      // Set after a start that died of a CPU fault while loading: the next start of the same backend repacks no weights.
      let repackOff = false;
      // Set per backend: the figures it starts with, smaller after each start that ran out of memory.
      let fitting: FitRun | null = null;
      const memory = await this.fitMemory;
      for (let index = 0; index < order.length; index++) {
        const backend = order[index]!;
        const gpuModel = backend.kind === 'cpu' ? null : await facts;
        const gpus = gpuModel ? await this.catalog.gpus(backend.serverPath) : [];
        const gpuEstimate = gpuModel ? estimateGpuLayers({ backend: backend.kind, model: gpuModel, gpus, override: settings.gpuLayers, contextSize: settings.contextSize }) : null;
        const slotSavePath = this.deps.slotSavePath;
        if (fitting?.index !== index) {
          const requested = { gpuLayers: gpuEstimate?.gpuLayers ?? 0, contextSize: settings.contextSize };
          const requestKey = launchKey({ settings, backend: backend.kind, host, gpuLayers: requested.gpuLayers, userKey, slotSavePath });
          fitting = await beginFit(memory, index, requestKey, settings.modelPath, deviceSignature(backend.kind, gpus), requested);
          const recalled = rememberedNotice(fitting);
          if (recalled) {
            notices.push(recalled);
            this.appLog(recalled);
          }
        }
        const { gpuLayers } = fitting.point;
        const launchSettings: LoadSettings = { ...settings, contextSize: fitting.point.contextSize };
        const key = launchKey({ settings: launchSettings, backend: backend.kind, host, gpuLayers, userKey, slotSavePath });
        if (this.active?.key === key && this.status.state === 'ready') return this.status;

        await this.stopActive();
        if (generation !== this.generation) throw superseded();
        const { port, notice } = await choosePort({ requested: settings.port, host }, { isFree: isPortFree, freePort: findFreePort });
        if (notice) notices.push(notice);
        const firstLine = this.log.all().at(-1)?.seq ?? 0;
        this.setStatus({ ...this.blankStatus('starting'), backend: backend.kind, model: gpuModel, host, port, gpuLayers, estimate: gpuEstimate, notices: [...notices] });
        const rpcEndpoints = await this.rpc.start(settings.rpc, backend.serverPath);
        if (generation !== this.generation) throw superseded();
        const args = [...buildServerArgs({ settings: launchSettings, backend: backend.kind, host, port, gpuLayers, slotSavePath, rpcEndpoints }), ...(this.deps.extraArgs ?? []), ...(repackOff ? [NO_REPACK] : [])];
        this.appLog(`starting ${backend.kind} backend: ${backend.serverPath} ${args.join(' ')}`);

        const launchSecret = newLaunchKey();
        const env = serverKeyEnv(launchSecret, userKey);
        const run = this.launch(backend.serverPath, args, env, port);
        const slotIdentity = slotSavePath && host === '127.0.0.1' ? await launchIdentity(key, settings.modelPath) : undefined;
        this.active = { key, settings: launchSettings, userKey, launchSecret, backend: backend.kind, serverPath: backend.serverPath, args, run, slotIdentity };
        this.setStatus({ ...this.status, pid: run.pid });
        const [outcome, model] = await Promise.all([run.ready, facts]).catch(async (error: unknown) => {
          // A bad model file: its own error is clearer than whatever llama-server would say.
          this.active = null;
          await run.stop();
          throw error;
        });
        if (generation !== this.generation) throw superseded();
        // A failed start is stopped at its first fatal line; its last lines (which buffer ran out) come with its exit.
        if (!outcome.ok) await Promise.race([run.exited, new Promise((resolve) => setTimeout(resolve, EXIT_WAIT_MS))]);
        const startLines = this.log.all().filter((line) => line.seq > firstLine && line.stream !== 'app').map((line) => line.text);
        if (outcome.ok) {
          const estimate = gpuEstimate ?? estimateGpuLayers({ backend: backend.kind, model, gpus: [], override: settings.gpuLayers, contextSize: settings.contextSize });
          this.readyTiming = { listeningAt: outcome.listeningAt, readyAt: outcome.readyAt };
          // What the server did beside what EVA estimated (and beside llama-server's own fit), where the user reads the log.
          const report = readLoadReport(startLines);
          const kv = (model.kvBytesPerToken ?? 0) > 0 && report.nCtx !== null ? `, KV cache ${Math.round(((model.kvBytesPerToken ?? 0) * report.nCtx) / 2 ** 20)} MiB` : '';
          this.appLog(`${describeLoadReport(report)} (EVA's estimate: ${estimate.gpuLayers} of ${estimate.maxLayers} layers, ${estimate.reason}${kv}); ${describeServerFit(report.serverFit)}`);
          const fit = await settleFit(memory, fitting, report);
          if (generation !== this.generation) throw superseded();
          this.setStatus({ ...this.status, state: 'ready', since: this.now(), model, estimate, loadMs: Math.round(outcome.readyAt - startedAt), fit });
          this.watchForCrash(this.active, generation);
          return this.status;
        }
        this.active = null;
        const change = nextFit(fitting, startLines, { maxLayers: model.nLayer + 1, trainedContext: model.contextLength });
        if (change) {
          // Out of memory: the same backend again, smaller; what changed is said where the user looks.
          const why = `${change.text}; starting again`;
          notices.push(why);
          this.appLog(why);
          this.deps.emit('app:notice', { level: 'warning', code: 'backend_fit', message: why, details: { device: change.device, from: change.from, to: change.to } });
          index--;
          continue;
        }
        // Host memory that ran out stays out on any backend; a GPU that ran out may leave the next backend room.
        if (fitting.lastOutOfMemory && (!isGpuDevice(fitting.lastOutOfMemory.device) || !order[index + 1])) throw outOfMemoryFailure(fitting, outcome.error);
        if (!repackOff && diedOfCpuFault(outcome.error.details)) {
          // Weight repacking uses the CPU's newest matrix units (AMX on recent Xeons); some
          // virtual machines report them but fault on use. Without repacking the same
          // build runs, a little slower on quantized models.
          repackOff = true;
          index--;
          const why = `llama-server crashed while loading the model (${String(outcome.error.details?.signal)}); it is started again without weight repacking (${NO_REPACK}), which this CPU or virtual machine needs`;
          notices.push(why);
          this.appLog(why);
          this.deps.emit('app:notice', { level: 'warning', code: 'backend_no_repack', message: why, details: { signal: outcome.error.details?.signal } });
          continue;
        }
        const next = order[index + 1];
        if (!next) throw new AppFailure(outcome.error.code, outcome.error.message, outcome.error.details);
        const why = fallbackNotice(backend.kind, outcome.error.message, next.kind);
        notices.push(why);
        this.appLog(why);
        this.deps.emit('app:notice', { level: 'warning', code: 'backend_fallback', message: why, details: { from: backend.kind, to: next.kind, cause: outcome.error.message } });
      }
      throw new AppFailure('backend_missing', 'no llama-server backend could be started');
    } catch (error) {
      const appError = toAppError(error);
      if (generation === this.generation) {
        // No server runs now, so its workers go too (a newer load stops them itself).
        await this.rpc.stop();
        // The log says why, beside the server's own lines; the status keeps no port or model that is not running.
        this.appLog(`load failed: ${appError.message}`);
        this.setStatus({ ...this.blankStatus('error'), backend: this.status.backend, notices: this.status.notices, error: appError });
      }
      throw error instanceof AppFailure ? error : new AppFailure(appError.code, appError.message, appError.details);
    }
  }

  async stop(): Promise<BackendStatus> {
    this.generation++;
    if (this.active) {
      this.setStatus({ ...this.status, state: 'stopping', since: this.now() });
      await this.stopActive();
    }
    // Nothing runs now: no port, model or offload figures left over from the last run.
    this.setStatus({ ...this.blankStatus('stopped'), restarts: this.status.restarts });
    return this.status;
  }

  /** For quitting: stop the server and flush the log. */
  async dispose(): Promise<void> {
    await this.stop();
    this.batcher.flush();
  }

  private launch(serverPath: string, args: string[], env: Record<string, string>, port: number): ServerRun {
    return startServerRun({
      serverPath,
      args,
      env,
      port,
      registry: this.deps.registry,
      onLine: (stream, text) => {
        this.batcher.add(this.log.push(stream, text));
        this.rpc.noteServerLine(text);
      },
      logTail: () => this.log.tail(LOG_TAIL_FOR_ERRORS).map((line) => line.text),
      readyTimeoutMs: this.deps.readyTimeoutMs ?? 300_000,
      stopGraceMs: this.deps.stopGraceMs ?? 5000,
      probeHealth: this.deps.probeHealth ?? probeHealth,
      clock: this.clock,
    });
  }

  /** An exit we did not ask for while ready: restart with backoff, then give up with the log tail. */
  private watchForCrash(active: ActiveRun, generation: number): void {
    void raceWorkerLoss(active.run, this.rpc).then(async ({ exit, lostWorker }) => {
      if (generation !== this.generation || this.active !== active) return;
      const how = lostWorker ? `RPC worker ${lostWorker.endpoint} ${lostWorker.how}` : describeExit(exit);
      if (lostWorker) {
        const workers = this.rpc.list().length;
        const notice = workerLossNotice(lostWorker, workers);
        this.appLog(notice);
        this.deps.emit('app:notice', { level: 'warning', code: 'rpc_worker_lost', message: notice, details: { endpoint: lostWorker.endpoint, how: lostWorker.how, workers } });
        this.setStatus({ ...this.status, notices: [...this.status.notices.filter((line) => !line.startsWith('RPC worker ') || !line.includes('stopped')), notice] });
      }
      const delays = this.deps.restartDelaysMs ?? DEFAULT_RESTART_POLICY.delaysMs;
      const healthyFor = this.status.state === 'ready' ? this.now() - this.status.since : 0;
      const decision = decideRestart({ delaysMs: delays, healthyMs: this.deps.restartHealthyMs ?? DEFAULT_RESTART_POLICY.healthyMs }, this.status.restarts, healthyFor);
      if (decision.kind === 'give_up') {
        this.active = null;
        await this.rpc.stop();
        const error: AppError = {
          code: 'server_crashed',
          message: `llama-server stopped unexpectedly (${how}) and was restarted ${decision.attempts} times; giving up`,
          details: { exitCode: exit.code, signal: exit.signal, logTail: this.log.tail(LOG_TAIL_FOR_ERRORS).map((l) => l.text) },
        };
        this.setStatus({ ...this.status, state: 'error', since: this.now(), pid: null, error });
        return;
      }
      const delay = decision.delayMs;
      this.appLog(`llama-server stopped unexpectedly (${how}); restarting in ${delay / 1000} s (${decision.attempt}/${delays.length})`);
      this.setStatus({ ...this.status, state: 'starting', since: this.now(), pid: null, restarts: decision.attempt });
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (generation !== this.generation) return;
      const startedAt = this.clock();
      // The server is gone; its workers go too and come back on the same ports, so the same argv still fits.
      if (this.rpc.inUse() && !(await this.restartWorkers(generation))) return;
      // A restart keeps the key: a request already holding it must not turn 401.
      const run = this.launch(active.serverPath, active.args, serverKeyEnv(active.launchSecret, active.userKey), this.status.port ?? 0);
      const next: ActiveRun = { ...active, run };
      this.active = next;
      this.setStatus({ ...this.status, pid: run.pid });
      const outcome = await run.ready;
      if (generation !== this.generation) return;
      if (outcome.ok) {
        this.setStatus({ ...this.status, state: 'ready', since: this.now(), loadMs: Math.round(outcome.readyAt - startedAt) });
      }
      // A failed restart exits too, which brings us back here for the next attempt.
      this.watchForCrash(next, generation);
    });
  }

  private async stopActive(): Promise<void> {
    const active = this.active;
    this.active = null;
    // llama-server first: one whose RPC workers vanish before it exits crashes on its way out.
    if (active) await active.run.stop();
    await this.rpc.stop();
  }

  /** The RPC workers again after a crash; false (with the error status set) when they cannot start. */
  private async restartWorkers(generation: number): Promise<boolean> {
    try {
      await this.rpc.restart();
      return generation === this.generation;
    } catch (error) {
      if (generation !== this.generation) return false;
      this.active = null;
      const appError = toAppError(error);
      this.appLog(`restart failed: ${appError.message}`);
      this.setStatus({ ...this.status, state: 'error', since: this.now(), pid: null, error: appError });
      return false;
    }
  }

  /** A line of EVA's own in the model log, beside the server's. */
  appLog(text: string): void {
    this.logLine('app', text);
  }

  /** A line from another server EVA runs (the model pool's router) in the same model log. */
  logLine(stream: LogLine['stream'], text: string): void {
    this.batcher.add(this.log.push(stream, text));
  }

  private setStatus(next: BackendStatus): void {
    this.status = next;
    this.deps.emit('backend:state', next);
    this.statusChanged.notify();
  }

  private blankStatus(state: BackendStatus['state']): BackendStatus {
    return blankStatus(state, this.now());
  }
}
