// Keeps at most one llama-server running for the user: chooses the backend
// (falling back when one fails to start), the port and the GPU offload, starts
// it, restarts it with backoff when it dies, and publishes every state change.
// Pure policy lives in the modules it imports, and what it records and reports
// (status, model log, endpoints) in backend-state.ts; this file is the state machine.
import type { BackendInfo, BackendStatus, GpuInfo, LoadSettings } from '@shared/contract';
import { AppFailure, toAppError, type AppError } from '@shared/errors';
import { describeExit } from '../process/exit-record';
import { BackendCatalog } from './backend-catalog';
import { estimateGpuLayers } from './estimate-gpu-layers';
import { readModelFacts } from './model-facts';
import { freemem } from 'node:os';
import { choosePort, validatePort } from './port-policy';
import { findFreePort, isPortFree } from './net-probe';
import { buildServerArgs } from './server-args';
import { newLaunchKey, serverKeyEnv } from './server-key';
import { startServerRun, type ServerRun } from './server-run';
import { probeHealth } from './health-probe';
import { superseded } from './backend-status';
import { DEFAULT_RESTART_POLICY, decideRestart } from './restart-budget';
import { launchIdentity } from './launch-identity';
import { ranWithoutGpu, readLoadReport } from './load-report';
import { openFitMemory, type FitMemory } from './fit-memory';
import { NO_REPACK } from './start-failure';
import { settleFit, type FitRun } from './load-fitting';
import { RpcWorkerSet } from './rpc-worker-set';
import { LOSS_GRACE_MS, raceWorkerLoss, workerLossNotice, workerLostAtStart } from './rpc-worker-loss';
import type { ActiveRun, BackendManagerDeps } from './backend-manager-types';
import { BackendState } from './backend-state';
import { inspectModel, type ModelInspection } from './model-inspection';
import { planLaunch } from './launch-plan';
import { stepAfterFailedStart } from './failed-start-step';
import { fallbackNotice } from './backend-choice';
import { describeStartedLoad, exposureNotices } from './load-messages';

export type { BackendManagerDeps, LocalEndpoint } from './backend-manager-types';

const LOG_TAIL_FOR_ERRORS = 50;
/** How long a failed start's last output is waited for before it is read for why (it exits within milliseconds). */
const EXIT_WAIT_MS = 2000;

export class BackendManager extends BackendState {
  /** bumped by every load/stop so a superseded start or restart gives up */
  private generation = 0;
  private readonly catalog: BackendCatalog;
  private readonly fitMemory: Promise<FitMemory>;
  private readonly rpc: RpcWorkerSet;

  constructor(deps: BackendManagerDeps) {
    super(deps);
    this.catalog = new BackendCatalog(deps.binDirs, deps.probeGpus);
    this.fitMemory = openFitMemory(deps.fitMemoryPath, (line) => this.appLog(line));
    this.rpc = new RpcWorkerSet({
      registry: deps.registry,
      log: (line) => this.appLog(line),
      onChange: (rpcWorkers) => this.setStatus({ ...this.status, rpcWorkers }),
      stopGraceMs: deps.stopGraceMs,
    });
  }

  /** Backends on disk and GPUs found; `refresh` forgets cached probes. */
  async discover(refresh = false): Promise<{ backends: BackendInfo[]; gpus: GpuInfo[] }> {
    if (refresh) this.catalog.refresh();
    const backends = await this.catalog.backends();
    const gpuBackend = backends.find((b) => b.kind !== 'cpu' && b.executable);
    return { backends, gpus: await this.catalog.gpus(gpuBackend?.serverPath) };
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
      const notices = exposureNotices(settings, userKey);

      // Set after a start that died of a CPU fault while loading: the next start of the same backend repacks no
      // weights.
      let repackOff = false;
      // Set per backend: the figures it starts with, smaller after each start that ran out of memory.
      let fitting: FitRun | null = null;
      const memory = await this.fitMemory;
      for (let index = 0; index < order.length; index++) {
        const backend = order[index]!;
        const gpuModel = backend.kind === 'cpu' ? null : await facts;
        const gpus = gpuModel ? await this.catalog.gpus(backend.serverPath) : [];
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
          this.appLog(plan.recalled);
        }
        const { gpuLayers, launchSettings, key } = plan;
        if (this.active?.key === key && this.status.state === 'ready') return this.status;

        await this.stopActive();
        if (generation !== this.generation) throw superseded();
        const { port, notice } = await choosePort(
          { requested: settings.port, host },
          { isFree: isPortFree, freePort: findFreePort },
        );
        if (notice) notices.push(notice);
        const firstLine = this.log.all().at(-1)?.seq ?? 0;
        this.setStatus({
          ...this.blankStatus('starting'),
          backend: backend.kind,
          model: gpuModel,
          host,
          port,
          gpuLayers,
          estimate: gpuEstimate,
          notices: [...notices],
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
        const [outcome, model] = await Promise.all([run.ready, facts]).catch(async (error: unknown) => {
          // A bad model file: its own error is clearer than whatever llama-server would say.
          this.active = null;
          await run.stop();
          throw error;
        });
        if (generation !== this.generation) throw superseded();
        // A failed start is stopped at its first fatal line; its last lines (which buffer ran out) come with its exit.
        if (!outcome.ok) await Promise.race([run.exited, new Promise((resolve) => setTimeout(resolve, EXIT_WAIT_MS))]);
        const startLines = this.log
          .all()
          .filter((line) => line.seq > firstLine && line.stream !== 'app')
          .map((line) => line.text);
        if (outcome.ok) {
          const estimate =
            gpuEstimate ??
            estimateGpuLayers({
              backend: backend.kind,
              model,
              gpus: [],
              override: settings.gpuLayers,
              contextSize: settings.contextSize,
            });
          this.readyTiming = { listeningAt: outcome.listeningAt, readyAt: outcome.readyAt };
          // What the server did beside what EVA estimated (and beside llama-server's own fit), where the user reads the
          // log.
          const report = readLoadReport(startLines);
          this.appLog(describeStartedLoad(report, estimate, model));
          const next = order[index + 1];
          if (next && rpcEndpoints.length === 0 && ranWithoutGpu(backend.kind, gpuLayers, report)) {
            // On the CPU after all, but with a GPU build's settings (flash attention left to llama.cpp): the CPU build
            // does better.
            const message = fallbackNotice(backend.kind, 'it found no usable GPU and put no layer on one', next.kind);
            this.active = null;
            await run.stop();
            notices.push(message);
            this.appLog(message);
            this.deps.emit('app:notice', {
              level: 'warning',
              code: 'backend_fallback',
              message,
              details: { from: backend.kind, to: next.kind, cause: 'no usable GPU' },
            });
            continue;
          }
          const fit = await settleFit(memory, fitting, report);
          if (generation !== this.generation) throw superseded();
          this.setStatus({
            ...this.status,
            state: 'ready',
            since: this.now(),
            model,
            estimate,
            loadMs: Math.round(outcome.readyAt - startedAt),
            fit,
          });
          this.watchForCrash(this.active, generation);
          return this.status;
        }
        this.active = null;
        // A local RPC worker that died during the start took llama-server with it: name the worker and its last word.
        const lost = await this.rpc.lostOrNone(LOSS_GRACE_MS);
        const error = lost
          ? {
              ...outcome.error,
              message: workerLostAtStart(lost),
              details: {
                ...outcome.error.details,
                endpoint: lost.endpoint,
                workerExit: lost.said ? `${lost.how}: ${lost.said}` : lost.how,
              },
            }
          : outcome.error;
        // Throws the load's error when nothing is left to try.
        const step = stepAfterFailedStart({
          fitting,
          startLines,
          model,
          error,
          backend: backend.kind,
          next: order[index + 1]?.kind,
          repackOff,
        });
        if (step.retry === 'no_repack') repackOff = true;
        // The same backend again: smaller, or without weight repacking.
        if (step.retry !== 'next_backend') index--;
        notices.push(step.notice.message);
        this.appLog(step.notice.message);
        this.deps.emit('app:notice', step.notice);
      }
      throw new AppFailure('backend_missing', 'no llama-server backend could be started');
    } catch (error) {
      const appError = toAppError(error);
      if (generation === this.generation) {
        // No server runs now, so its workers go too (a newer load stops them itself).
        await this.rpc.stop();
        // The log says why, beside the server's own lines; the status keeps no port or model that is not running.
        this.appLog(`load failed: ${appError.message}`);
        this.setStatus({
          ...this.blankStatus('error'),
          backend: this.status.backend,
          notices: this.status.notices,
          error: appError,
        });
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
    this.flushLog();
  }

  private launch(serverPath: string, args: string[], env: Record<string, string>, port: number): ServerRun {
    return startServerRun({
      serverPath,
      args,
      env,
      port,
      registry: this.deps.registry,
      onLine: (stream, text) => {
        this.logLine(stream, text);
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
        this.deps.emit('app:notice', {
          level: 'warning',
          code: 'rpc_worker_lost',
          message: notice,
          details: { endpoint: lostWorker.endpoint, how: lostWorker.how, workers },
        });
        this.setStatus({
          ...this.status,
          notices: [
            ...this.status.notices.filter((line) => !line.startsWith('RPC worker ') || !line.includes('stopped')),
            notice,
          ],
        });
      }
      const delays = this.deps.restartDelaysMs ?? DEFAULT_RESTART_POLICY.delaysMs;
      const healthyFor = this.status.state === 'ready' ? this.now() - this.status.since : 0;
      const decision = decideRestart(
        { delaysMs: delays, healthyMs: this.deps.restartHealthyMs ?? DEFAULT_RESTART_POLICY.healthyMs },
        this.status.restarts,
        healthyFor,
      );
      this.stops.record({ how, restarting: decision.kind === 'restart' });
      if (decision.kind === 'give_up') {
        this.active = null;
        await this.rpc.stop();
        const error: AppError = {
          code: 'server_crashed',
          message: `llama-server stopped unexpectedly (${how}) and was restarted ${decision.attempts} times; giving up`,
          details: {
            exitCode: exit.code,
            signal: exit.signal,
            logTail: this.log.tail(LOG_TAIL_FOR_ERRORS).map((l) => l.text),
          },
        };
        this.setStatus({ ...this.status, state: 'error', since: this.now(), pid: null, error });
        return;
      }
      const delay = decision.delayMs;
      this.appLog(
        `llama-server stopped unexpectedly (${how}); restarting in ${delay / 1000} s (${decision.attempt}/${delays.length})`,
      );
      this.setStatus({ ...this.status, state: 'starting', since: this.now(), pid: null, restarts: decision.attempt });
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (generation !== this.generation) return;
      const startedAt = this.clock();
      // The server is gone; its workers go too and come back on the same ports, so the same argv still fits.
      if (this.rpc.inUse() && !(await this.restartWorkers(generation))) return;
      // A restart keeps the key: a request already holding it must not turn 401.
      const run = this.launch(
        active.serverPath,
        active.args,
        serverKeyEnv(active.launchSecret, active.userKey),
        this.status.port ?? 0,
      );
      const next: ActiveRun = { ...active, run };
      this.active = next;
      this.setStatus({ ...this.status, pid: run.pid });
      const outcome = await run.ready;
      if (generation !== this.generation) return;
      if (outcome.ok) {
        this.setStatus({
          ...this.status,
          state: 'ready',
          since: this.now(),
          loadMs: Math.round(outcome.readyAt - startedAt),
        });
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
}
