// The RPC workers of one llama-server run: starts the local ggml-rpc-server
// workers (through the process lifecycle, each on a free port EVA chooses),
// checks remote ones answer, waits until every local one says it listens
// (rpc-worker-readiness.ts: an answer on the port is not enough), reports each
// one's state and memory, and says when a local one dies unasked, also before
// anyone asked (whenLost latches the loss). Stopping is
// the caller's second step: llama-server first, then the workers — a server
// whose workers vanish before it exits crashes on its way out.
import { dirname, join } from 'node:path';
import type { RpcWorkerStatus } from '@shared/contract';
import { exitParts, type ExitParts } from '@shared/backend/start-failure';
import { AppFailure } from '@shared/errors';
import { formatRpcEndpoint, parseRpcEndpoint, type RpcEndpoint, type RpcSettings } from '@shared/rpc/rpc-settings';
import { localWorkerHost } from '@shared/rpc/rpc-exposure';
import { describeExit } from '../../process/exit-record';
import type { ManagedProcess } from '../../process/launch';
import type { ProcessLifecycle } from '../../process/process-lifecycle';
import { findFreePort } from '../launch/net-probe';
import { isWorkerAcceptLine, parseServerRpcLine, parseWorkerDeviceLine, workerErrorLine } from './rpc-worker-output';
import { canConnect, waitForWorker, type WorkerReadiness } from './rpc-worker-readiness';

export const RPC_WORKER_NAME = 'ggml-rpc-server';

/** The worker built with this llama-server (same commit and protocol version): beside it in bin/<backend>/. */
export function rpcWorkerPath(serverPath: string): string {
  return join(dirname(serverPath), process.platform === 'win32' ? `${RPC_WORKER_NAME}.exe` : RPC_WORKER_NAME);
}

/** The argv of one local worker. */
export function rpcWorkerArgs(endpoint: RpcEndpoint, threads: number): string[] {
  return [
    '--host',
    endpoint.host,
    '--port',
    String(endpoint.port),
    ...(threads > 0 ? ['--threads', String(threads)] : []),
  ];
}

export interface RpcWorkerSetDeps {
  registry: ProcessLifecycle;
  /** a line for the model log */
  log: (text: string) => void;
  /** any worker's state or memory changed */
  onChange: (workers: RpcWorkerStatus[]) => void;
  /** how long a worker may take to listen (default 15 s) */
  readyTimeoutMs?: number;
  stopGraceMs?: number;
  /** a free port for a local worker on this host (default findFreePort); tests hand out one they hold */
  freePort?: (host: string) => Promise<number>;
}

/** A local worker that stopped without being asked. */
export interface LostWorker {
  endpoint: string;
  how: string;
  /** the same exit in parts, for the page to word */
  exit: ExitParts;
  /** the worker's own last error line before it ended ("…/fattn.cu:759: fatal error"), when it printed one */
  said?: string;
}

interface Plan {
  rpc: RpcSettings;
  workerPath: string;
  /** local: the ports chosen at the first start, kept by restarts so llama-server's `--rpc` stays valid */
  endpoints: RpcEndpoint[];
}

const PROBE_TIMEOUT_MS = 3000;

export class RpcWorkerSet {
  private plan: Plan | null = null;
  private statuses: RpcWorkerStatus[] = [];
  private procs: ManagedProcess[] = [];
  private stopping = false;
  private lostWaiters: Array<(lost: LostWorker) => void> = [];
  /** the local workers of the current set that stopped unasked, first first */
  private lost: LostWorker[] = [];

  constructor(private readonly deps: RpcWorkerSetDeps) {}

  list(): RpcWorkerStatus[] {
    return this.statuses.map((status) => ({ ...status, devices: [...status.devices] }));
  }

  /**
   * Starts (or checks) the workers for these settings; returns the `--rpc` endpoints, none when RPC is off. Throws
   * AppFailure.
   */
  async start(rpc: RpcSettings, serverPath: string): Promise<string[]> {
    await this.stop();
    if (rpc.mode === 'off') return [];
    const endpoints =
      rpc.mode === 'remote' ? rpc.remote.map((text) => parseRpcEndpoint(text)!) : await this.freeEndpoints(rpc);
    if (endpoints.length === 0)
      throw new AppFailure('backend_failed', 'RPC is set to remote workers, but none is listed (host:port)');
    this.plan = { rpc, workerPath: rpcWorkerPath(serverPath), endpoints };
    return this.launchPlan(this.plan);
  }

  /** Whether a set is planned (RPC on for the current run). */
  inUse(): boolean {
    return this.plan !== null;
  }

  /** The same workers again, on the same ports (after llama-server was stopped). */
  async restart(): Promise<string[]> {
    const plan = this.plan;
    if (!plan) return [];
    await this.stopWorkers();
    this.plan = plan;
    return this.launchPlan(plan);
  }

  /** Stops every local worker and forgets the set. Stop llama-server first. */
  async stop(): Promise<void> {
    this.plan = null;
    this.lostWaiters = [];
    await this.stopWorkers();
  }

  /** Resolves with the first local worker of the current set that stops unasked, at once when one already has. */
  whenLost(): Promise<LostWorker> {
    if (this.lost.length > 0) return Promise.resolve(this.lost[0]!);
    return new Promise((resolve) => this.lostWaiters.push(resolve));
  }

  /**
   * The first local worker of the current set that stopped unasked, waiting up to `graceMs` for one when none has
   * yet (a worker's death makes llama-server abort too, and either exit may be seen first); null without RPC.
   */
  async lostOrNone(graceMs: number): Promise<LostWorker | null> {
    if (!this.inUse()) return null;
    if (this.lost.length > 0) return this.lost[0]!;
    return Promise.race([this.whenLost(), new Promise<null>((resolve) => setTimeout(() => resolve(null), graceMs))]);
  }

  /** Reads a llama-server line for a worker's memory; true when it says a worker vanished mid-request. */
  noteServerLine(text: string): boolean {
    const fact = parseServerRpcLine(text);
    if (!fact) return false;
    if ('lostWorker' in fact) return true;
    const status = this.statuses.find((worker) => worker.endpoint === fact.endpoint);
    if (!status) return false;
    if ('modelMiB' in fact) status.modelMiB = Math.round(((status.modelMiB ?? 0) + fact.modelMiB) * 100) / 100;
    else if (status.origin === 'remote')
      status.devices = [{ name: 'RPC', description: fact.endpoint, totalMiB: null, freeMiB: fact.freeMiB }];
    this.changed();
    return false;
  }

  private async freeEndpoints(rpc: RpcSettings): Promise<RpcEndpoint[]> {
    const host = localWorkerHost(rpc);
    const ports = new Set<number>();
    const freePort = this.deps.freePort ?? findFreePort;
    while (ports.size < rpc.localWorkers) ports.add(await freePort(host));
    return [...ports].map((port) => ({ host, port }));
  }

  private async launchPlan(plan: Plan): Promise<string[]> {
    this.stopping = false;
    this.lost = [];
    const local = plan.rpc.mode === 'local';
    this.statuses = plan.endpoints.map((endpoint) => ({
      endpoint: formatRpcEndpoint(endpoint),
      origin: local ? 'local' : 'remote',
      state: 'starting',
      pid: null,
      devices: [],
      modelMiB: null,
    }));
    this.changed();
    try {
      await Promise.all(
        plan.endpoints.map((endpoint, index) =>
          local
            ? this.launchLocal(plan, endpoint, this.statuses[index]!)
            : this.checkRemote(endpoint, this.statuses[index]!),
        ),
      );
    } catch (error) {
      await this.stopWorkers();
      throw error;
    }
    return this.statuses.map((status) => status.endpoint);
  }

  private async launchLocal(plan: Plan, endpoint: RpcEndpoint, status: RpcWorkerStatus): Promise<void> {
    const name = `${RPC_WORKER_NAME} ${status.endpoint}`;
    let listening = false;
    let sayListening = () => {};
    const accepted = new Promise<void>((resolve) => (sayListening = resolve));
    const proc = this.deps.registry.launch({
      name: RPC_WORKER_NAME,
      command: plan.workerPath,
      args: rpcWorkerArgs(endpoint, plan.rpc.workerThreads),
      killGraceMs: this.deps.stopGraceMs ?? 3000,
      output: {
        mode: 'lines',
        onLine: (_stream, line) => {
          this.deps.log(`[${name}] ${line}`);
          if (isWorkerAcceptLine(line)) {
            listening = true;
            sayListening();
          }
          const device = parseWorkerDeviceLine(line);
          if (device) {
            status.devices = [...status.devices.filter((known) => known.name !== device.name), device];
            this.changed();
          }
        },
      },
    });
    this.procs.push(proc);
    status.pid = proc.pid;
    this.deps.log(`starting ${name}: ${plan.workerPath} ${rpcWorkerArgs(endpoint, plan.rpc.workerThreads).join(' ')}`);
    const exited = proc.exited.then((exit) => describeExit(exit));
    void proc.exited.then((exit) => {
      const how = describeExit(exit);
      if (this.stopping || !this.statuses.includes(status)) return;
      status.state = 'lost';
      status.pid = null;
      this.changed();
      // One that never listened is a failed start, which the readiness wait reports.
      if (!listening) return;
      const said = workerErrorLine(proc.lastLines());
      const lost: LostWorker = { endpoint: status.endpoint, how, exit: exitParts(exit), ...(said ? { said } : {}) };
      this.lost.push(lost);
      for (const waiter of this.lostWaiters.splice(0)) waiter(lost);
    });
    // Loopback reaches a worker bound to 0.0.0.0 too. Connecting also makes it flush its banner (device memory).
    const probeHost = endpoint.host === '0.0.0.0' ? '127.0.0.1' : endpoint.host;
    const timeoutMs = this.deps.readyTimeoutMs ?? 15_000;
    const readiness = await waitForWorker({ host: probeHost, port: endpoint.port, accepted, exited, timeoutMs });
    if (!readiness.ok) throw startFailure(status.endpoint, endpoint.port, readiness, timeoutMs, proc.lastLines());
    status.state = 'ready';
    this.changed();
  }

  private async checkRemote(endpoint: RpcEndpoint, status: RpcWorkerStatus): Promise<void> {
    if (!(await canConnect(endpoint.host, endpoint.port, PROBE_TIMEOUT_MS))) {
      status.state = 'lost';
      this.changed();
      throw new AppFailure(
        'backend_failed',
        `RPC worker ${status.endpoint} does not answer: start it there (${RPC_WORKER_NAME} --host … --port ${endpoint.port}) or correct the address`,
        { endpoint: status.endpoint },
      );
    }
    status.state = 'ready';
    this.changed();
  }

  private async stopWorkers(): Promise<void> {
    this.stopping = true;
    const procs = this.procs.splice(0);
    await Promise.all(procs.map((proc) => proc.stop()));
    if (this.statuses.length > 0) {
      this.statuses = [];
      this.changed();
    }
  }

  private changed(): void {
    this.deps.onChange(this.list());
  }
}

/** Why a local worker did not start, for the load's error. */
function startFailure(
  endpoint: string,
  port: number,
  readiness: Exclude<WorkerReadiness, { ok: true }>,
  timeoutMs: number,
  logTail: string[],
): AppFailure {
  const said = workerErrorLine(logTail);
  const details = { endpoint, logTail, ...(said ? { said } : {}) };
  if (readiness.reason === 'timeout')
    return new AppFailure(
      'ready_timeout',
      `RPC worker ${endpoint} did not listen within ${Math.round(timeoutMs / 1000)} s`,
      details,
    );
  if (readiness.reason === 'port_taken') {
    return new AppFailure(
      'backend_failed',
      `RPC worker ${endpoint} could not start: port ${port} is taken by another program, and EVA sends the model to no program but its own worker; load the model again to choose another port`,
      { ...details, reason: 'port_taken', workerExit: readiness.how },
    );
  }
  return new AppFailure(
    'backend_failed',
    `RPC worker ${endpoint} stopped before it listened (${readiness.how}${said ? `: ${said}` : ''}); see the model log`,
    { ...details, workerExit: readiness.how },
  );
}
