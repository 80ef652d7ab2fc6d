// Keeps at most one llama-server running for the user: chooses the backend
// (falling back when one fails to start), the port and the GPU offload, starts
// it and publishes every state change. Pure policy lives in the modules it
// imports, the runs it starts (their RPC workers, crash restarts) in
// backend-runs.ts, and what it records and reports (status, model log,
// endpoints) in backend-state.ts; this file is the load's state machine.
import type { BackendInfo, BackendStatus, GpuInfo, LoadSettings } from '@shared/contract';
import { AppFailure, toAppError } from '@shared/errors';
import { BackendCatalog } from './backend-catalog';
import { estimateGpuLayers } from './gpu/estimate-gpu-layers';
import { freemem, totalmem } from 'node:os';
import { choosePort } from './launch/port-policy';
import { findFreePort, isPortFree } from './launch/net-probe';
import { buildServerArgs } from './launch/server-args';
import { newLaunchKey, serverKeyEnv } from './launch/server-key';
import { superseded } from './state/backend-status';
import { launchIdentity } from './launch/launch-identity';
import { ranWithoutGpu, readLoadReport } from './fit/load-report';
import { openFitMemory, type FitMemory } from './fit/fit-memory';
import { NO_REPACK } from './fit/start-failure';
import { settleFit, type FitRun } from './fit/load-fitting';
import { LOSS_GRACE_MS, startErrorWithWorker } from './rpc/rpc-worker-loss';
import type { BackendManagerDeps } from './backend-manager-types';
import { BackendRuns, failureOf, type FailedStart, type StoppedRun } from './backend-runs';
import { preflightLoad, type CheckedLoad } from './model/load-preflight';
import { inspectModel, type ModelInspection } from './model/model-inspection';
import { planLaunch } from './launch/launch-plan';
import { stepAfterFailedStart } from './fit/failed-start-step';
import { codedNotices, noticeFields } from '@shared/backend/status-notices';
import { describeStartedLoad, exposureNotices, gpuProbeNotice, noGpuFallback, statusNoticeOf } from './load-messages';

export type { BackendManagerDeps, LocalEndpoint } from './backend-manager-types';

/** How long a failed start's last output is waited for before it is read for why (it exits within milliseconds). */
const EXIT_WAIT_MS = 2000;

export class BackendManager extends BackendRuns {
  private readonly catalog: BackendCatalog;
  private readonly fitMemory: Promise<FitMemory>;

  constructor(deps: BackendManagerDeps) {
    super(deps);
    this.catalog = new BackendCatalog(deps.binDirs, deps.probeGpus, (line) => this.appLog(line));
    this.fitMemory = openFitMemory(deps.fitMemoryPath, (line) => this.appLog(line));
  }

  /** Backends on disk and GPUs found; `refresh` forgets cached probes. */
  async discover(refresh = false): Promise<{ backends: BackendInfo[]; gpus: GpuInfo[]; gpuProbeError?: string }> {
    if (refresh) this.catalog.refresh();
    const backends = await this.catalog.backends();
    const gpuBackend = backends.find((b) => b.kind !== 'cpu' && b.executable);
    const gpus = await this.catalog.gpus(gpuBackend?.serverPath);
    const gpuProbeError = await this.catalog.gpuProbeError(gpuBackend?.serverPath);
    return gpuProbeError ? { backends, gpus, gpuProbeError } : { backends, gpus };
  }

  inspect(
    modelPath: string,
    mmprojPath: string | undefined,
    choice: LoadSettings['backend'] = 'auto',
  ): Promise<ModelInspection> {
    return inspectModel(this.catalog, modelPath, mmprojPath, choice, this.deps.freeMemory ?? freemem);
  }

  /**
   * Start (or keep) the server for these settings; resolves when ready, rejects with
   * an AppFailure. `userKey` is the key clients on the network must send ('' for none).
   */
  async load(settings: LoadSettings, userKey = '', checked?: CheckedLoad): Promise<BackendStatus> {
    const asked = this.generation;
    const { facts, order } = checked ?? (await this.check(settings));
    // A stop or another load while the file was read: this one is superseded.
    if (asked !== this.generation) throw superseded();
    const generation = ++this.generation;
    const startedAt = this.clock();
    // The ready run this load stops, started again should the new model not start.
    let previous: StoppedRun | null = null;
    let failedStart: FailedStart | null = null;
    try {
      const host = settings.exposeOnNetwork ? '0.0.0.0' : '127.0.0.1';
      const notices = exposureNotices(settings, userKey);

      // Set after a start that died of a CPU fault while loading: the next start of the same backend repacks no
      // weights.
      let repackOff = false;
      // Set per backend: the figures it starts with, smaller after each start that ran out of memory.
      let fitting: FitRun | null = null;
      const memory = await this.fitMemory;
      for (let index = 0; index < order.length; index++) {
        const backend = order[index]!;
        const gpuModel = backend.kind === 'cpu' ? null : facts;
        const gpus = gpuModel ? await this.catalog.gpus(backend.serverPath) : [];
        const probeError = gpuModel ? await this.catalog.gpuProbeError(backend.serverPath) : null;
        const probeNotice = probeError ? gpuProbeNotice(probeError) : null;
        if (probeNotice && !notices.some((known) => known.text === probeNotice.text)) notices.push(probeNotice);
        const gpuEstimate = gpuModel
          ? estimateGpuLayers({
              backend: backend.kind,
              model: gpuModel,
              gpus,
              override: settings.gpuLayers,
              contextSize: settings.contextSize,
            })
          : null;
        const slotSavePath = this.deps.slotSavePath;
        const plan = await planLaunch(
          memory,
          fitting,
          index,
          { settings, backend: backend.kind, host, userKey, slotSavePath },
          gpus,
          gpuEstimate,
        );
        fitting = plan.fitting;
        if (plan.recalled) {
          notices.push(plan.recalled);
          this.appLog(plan.recalled.text);
        }
        const { gpuLayers, launchSettings, key } = plan;
        if (this.active?.key === key && this.status.state === 'ready') return this.status;

        previous ??= this.readyRun();
        await this.stopActive();
        if (generation !== this.generation) throw superseded();
        const { port, notice } = await choosePort(
          { requested: settings.port, host },
          { isFree: isPortFree, freePort: findFreePort },
        );
        if (notice) notices.push({ code: 'port_in_use', vars: { requested: settings.port ?? '', port }, text: notice });
        const firstLine = this.log.all().at(-1)?.seq ?? 0;
        this.setStatus({
          ...this.blankStatus('starting'),
          backend: backend.kind,
          model: gpuModel,
          host,
          port,
          gpuLayers,
          estimate: gpuEstimate,
          ...noticeFields(notices),
        });
        const rpcEndpoints = await this.rpc.start(settings.rpc, backend.serverPath);
        if (generation !== this.generation) throw superseded();
        const args = [
          ...buildServerArgs({
            settings: launchSettings,
            backend: backend.kind,
            host,
            port,
            gpuLayers,
            slotSavePath,
            rpcEndpoints,
          }),
          ...(this.deps.extraArgs ?? []),
          ...(repackOff ? [NO_REPACK] : []),
        ];
        this.appLog(`starting ${backend.kind} backend: ${backend.serverPath} ${args.join(' ')}`);

        const launchSecret = newLaunchKey();
        const env = serverKeyEnv(launchSecret, userKey);
        const run = this.launch(backend.serverPath, args, env, port);
        const slotIdentity =
          slotSavePath && host === '127.0.0.1' ? await launchIdentity(key, settings.modelPath) : undefined;
        this.active = {
          key,
          settings: launchSettings,
          userKey,
          launchSecret,
          backend: backend.kind,
          serverPath: backend.serverPath,
          args,
          run,
          slotIdentity,
        };
        this.setStatus({ ...this.status, pid: run.pid });
        const outcome = await run.ready;
        if (generation !== this.generation) throw superseded();
        // A failed start is stopped at its first fatal line; its last lines (which buffer ran out) come with its exit.
        const exit = outcome.ok
          ? null
          : await Promise.race([
              run.exited,
              new Promise<null>((resolve) => setTimeout(() => resolve(null), EXIT_WAIT_MS)),
            ]);
        const startLines = this.log
          .all()
          .filter((line) => line.seq > firstLine && line.stream !== 'app')
          .map((line) => line.text);
        if (outcome.ok) {
          const estimate =
            gpuEstimate ??
            estimateGpuLayers({
              backend: backend.kind,
              model: facts,
              gpus: [],
              override: settings.gpuLayers,
              contextSize: settings.contextSize,
            });
          this.readyTiming = { listeningAt: outcome.listeningAt, readyAt: outcome.readyAt };
          // What the server did beside what EVA estimated (and beside llama-server's own fit), where the user reads the
          // log.
          const report = readLoadReport(startLines);
          this.appLog(describeStartedLoad(report, estimate, facts));
          const next = order[index + 1];
          if (next && rpcEndpoints.length === 0 && ranWithoutGpu(backend.kind, gpuLayers, report)) {
            // On the CPU after all, but with a GPU build's settings (flash attention left to llama.cpp): the CPU build
            // does better.
            const notice = noGpuFallback(backend.kind, next.kind);
            this.active = null;
            await run.stop();
            notices.push(statusNoticeOf(notice));
            this.appLog(notice.message);
            this.deps.emit('app:notice', notice);
            continue;
          }
          const fit = await settleFit(memory, fitting, report, (line) => this.appLog(line));
          if (generation !== this.generation) throw superseded();
          this.setStatus({
            ...this.status,
            state: 'ready',
            since: this.now(),
            model: facts,
            estimate,
            loadMs: Math.round(outcome.readyAt - startedAt),
            fit,
          });
          this.watchForCrash(this.active, generation);
          return this.status;
        }
        this.active = null;
        failedStart = { lines: startLines, exit };
        // A local RPC worker that died during the start took llama-server with it: name the worker and its last word.
        const error = startErrorWithWorker(outcome.error, await this.rpc.lostOrNone(LOSS_GRACE_MS));
        // Throws the load's error when nothing is left to try.
        const step = stepAfterFailedStart({
          fitting,
          startLines,
          model: facts,
          error,
          backend: backend.kind,
          next: order[index + 1]?.kind,
          repackOff,
        });
        if (step.retry === 'no_repack') repackOff = true;
        // The same backend again: smaller, or without weight repacking.
        if (step.retry !== 'next_backend') index--;
        notices.push(statusNoticeOf(step.notice));
        this.appLog(step.notice.message);
        this.deps.emit('app:notice', step.notice);
      }
      throw new AppFailure('backend_missing', 'no llama-server backend could be started');
    } catch (error) {
      if (generation !== this.generation) throw asFailure(error);
      throw await this.afterFailedLoad(toAppError(error), generation, settings.modelPath, previous, failedStart);
    }
  }

  /**
   * The checks a load passes before it stops anything (model/load-preflight.ts). A refused load leaves a running or
   * starting server as it was; with none, the status shows the error.
   */
  async check(settings: LoadSettings): Promise<CheckedLoad> {
    try {
      return await preflightLoad(this.catalog, settings, this.deps.totalMemory ?? totalmem);
    } catch (error) {
      const appError = toAppError(error);
      const running = this.status.model?.name;
      const idle = this.status.state === 'stopped' || this.status.state === 'error';
      this.appLog(`load refused: ${appError.message}${idle || !running ? '' : `; ${running} keeps running`}`);
      if (idle)
        this.setStatus({ ...this.blankStatus('error'), ...noticeFields(codedNotices(this.status)), error: appError });
      throw asFailure(error);
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
    this.flushLog();
  }
}

function asFailure(error: unknown): AppFailure {
  return error instanceof AppFailure ? error : failureOf(toAppError(error));
}
