// The llama-server runs the manager starts: each launch with its model log and
// health probe, the RPC workers it computes on, and what happens when a ready run
// exits unasked (restart with backoff, then give up with the log tail). Every
// load and stop bumps the generation, so a superseded start or restart gives up;
// backend-manager.ts decides what to start.
import { AppFailure, toAppError, type AppError } from '@shared/errors';
import { exitParts } from '@shared/backend/start-failure';
import { describeExit, type ExitInfo } from '../process/exit-record';
import type { ActiveRun, BackendManagerDeps } from './backend-manager-types';
import { BackendState } from './backend-state';
import { RpcWorkerSet } from './rpc/rpc-worker-set';
import { raceWorkerLoss, workerLossNotice } from './rpc/rpc-worker-loss';
import { probeHealth } from './run/health-probe';
import { DEFAULT_RESTART_POLICY, decideRestart } from './run/restart-budget';
import { startServerRun, type ServerRun } from './run/server-run';
import { serverKeyEnv } from './launch/server-key';
import { findFreePort, isPortFree } from './launch/net-probe';
import { withArgValue } from './launch/server-args';
import type { BackendStatus } from '@shared/contract';
import { failureWithRestore, restoredNotice, restoreFailed } from './load-messages';
import { codedNotices, noticeFields, type StatusNotice } from '@shared/backend/status-notices';

const LOG_TAIL_FOR_ERRORS = 50;

/** A start of a load that failed: its own output lines and how it exited (null: not seen in time). */
export interface FailedStart {
  lines: string[];
  exit: ExitInfo | null;
}

/** An AppError as the AppFailure a load rejects with. */
export function failureOf(error: AppError): AppFailure {
  return new AppFailure(error.code, error.message, error.details);
}

/** A ready run a load stopped, and its status then: what is started again when the new model does not start. */
export interface StoppedRun {
  active: ActiveRun;
  status: BackendStatus;
}

export abstract class BackendRuns extends BackendState {
  /** bumped by every load/stop so a superseded start or restart gives up */
  protected generation = 0;
  protected readonly rpc: RpcWorkerSet;

  constructor(deps: BackendManagerDeps) {
    super(deps);
    this.rpc = new RpcWorkerSet({
      registry: deps.registry,
      log: (line) => this.appLog(line),
      onChange: (rpcWorkers) => this.setStatus({ ...this.status, rpcWorkers }),
      stopGraceMs: deps.stopGraceMs,
    });
  }

  protected launch(serverPath: string, args: string[], env: Record<string, string>, port: number): ServerRun {
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
  protected watchForCrash(active: ActiveRun, generation: number): void {
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
          details: { endpoint: lostWorker.endpoint, how: lostWorker.how, workers, ...lostWorker.exit },
        });
        const kept = codedNotices(this.status).filter((known) => known.code !== 'rpc_worker_lost');
        const vars = {
          endpoint: lostWorker.endpoint,
          how: lostWorker.how,
          said: lostWorker.said ?? '',
          workers,
          ...lostWorker.exit,
        };
        this.setStatus({ ...this.status, ...noticeFields([...kept, { code: 'rpc_worker_lost', vars, text: notice }]) });
      }
      const delays = this.deps.restartDelaysMs ?? DEFAULT_RESTART_POLICY.delaysMs;
      const healthyFor = this.status.state === 'ready' ? this.now() - this.status.since : 0;
      const decision = decideRestart(
        { delaysMs: delays, healthyMs: this.deps.restartHealthyMs ?? DEFAULT_RESTART_POLICY.healthyMs },
        this.status.restarts,
        healthyFor,
      );
      this.stops.record({
        how,
        restarting: decision.kind === 'restart',
        exit: lostWorker ? lostWorker.exit : exitParts(exit),
        ...(lostWorker ? { worker: lostWorker.endpoint } : {}),
      });
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

  /**
   * After a load failed for this generation: the model it stopped is started again (the error then says so), else the
   * status shows the error. Returns what the load rejects with.
   */
  protected async afterFailedLoad(
    error: AppError,
    generation: number,
    modelPath: string,
    previous: StoppedRun | null,
    failedStart: FailedStart | null,
  ): Promise<AppFailure> {
    // No server runs now, so its workers go too (a newer load stops them itself).
    await this.rpc.stop();
    // The log says why, beside the server's own lines; the status keeps no port or model that is not running.
    this.appLog(`load failed: ${error.message}`);
    const restored = previous?.status.model;
    if (previous && restored) {
      const failure = failureWithRestore(error, modelPath, failedStart, restored);
      const back = await this.restoreRun(previous, generation, restoredNotice(failure));
      if (back === true) {
        this.appLog(failure.message);
        return failure;
      }
      // Neither runs now: the error says so, so nobody waits for the old model to answer.
      if (back !== null) error = restoreFailed(error, restored, back);
    }
    if (generation === this.generation) {
      const { backend } = this.status;
      this.setStatus({ ...this.blankStatus('error'), backend, ...noticeFields(codedNotices(this.status)), error });
    }
    return failureOf(error);
  }

  /** The run that is ready now, for starting it again should the load that stops it fail. */
  protected readyRun(): StoppedRun | null {
    return this.active && this.status.state === 'ready' ? { active: this.active, status: this.status } : null;
  }

  /**
   * Starts again, with its argv and its keys, the run a failed load stopped: its KV cache identity is unchanged, so
   * the conversation slot saved before the load is restored on the next question. True when it is ready again; else
   * why it did not start (null: a newer load or a stop took over, which says what runs itself).
   */
  protected async restoreRun(
    previous: StoppedRun,
    generation: number,
    notice: StatusNotice,
  ): Promise<true | string | null> {
    const { active, status } = previous;
    try {
      const host = status.host ?? '127.0.0.1';
      // The failed start may have left its port taken a moment longer, or something else took it meanwhile.
      const port =
        status.port !== null && (await isPortFree(status.port, host)) ? status.port : await findFreePort(host);
      let args = withArgValue(active.args, '--port', String(port));
      if (active.settings.rpc.mode !== 'off') {
        const endpoints = await this.rpc.start(active.settings.rpc, active.serverPath);
        args = withArgValue(args, '--rpc', endpoints.join(','));
      }
      if (generation !== this.generation) return null;
      this.appLog(`starting the model loaded before again: ${active.serverPath} ${args.join(' ')}`);
      const startedAt = this.clock();
      const run = this.launch(active.serverPath, args, serverKeyEnv(active.launchSecret, active.userKey), port);
      const next: ActiveRun = { ...active, args, run };
      this.active = next;
      this.setStatus({ ...status, state: 'starting', since: this.now(), port, pid: run.pid, error: null });
      const outcome = await run.ready;
      if (generation !== this.generation) return null;
      if (!outcome.ok) {
        this.active = null;
        await run.stop();
        await this.rpc.stop();
        this.appLog(`the model loaded before did not start again either: ${outcome.error.message}`);
        return outcome.error.message;
      }
      this.setStatus({
        ...this.status,
        state: 'ready',
        since: this.now(),
        loadMs: Math.round(outcome.readyAt - startedAt),
        ...noticeFields([...codedNotices(status), notice]),
      });
      this.watchForCrash(next, generation);
      return true;
    } catch (error) {
      const why = toAppError(error).message;
      this.appLog(`the model loaded before could not be started again: ${why}`);
      return why;
    }
  }

  protected async stopActive(): Promise<void> {
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
