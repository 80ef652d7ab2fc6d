// What BackendManager records and answers from: its status (published as
// 'backend:state', with a signal for callers waiting out a start), the model log
// (a bounded ring, published in batches) and the launch that is running. The
// manager (backend-manager.ts, backend-runs.ts) drives every change; this class
// keeps and reports.
import type { BackendStatus, LogLine } from '@shared/contract';
import { ChangeSignal } from './state/change-signal';
import { LogRing } from './state/log-ring';
import { LogBatcher } from './state/log-batcher';
import { blankStatus } from './state/backend-status';
import { localUnavailable } from './state/local-availability';
import { StopRecord, type ServerStop } from './run/stop-record';
import type { ActiveRun, BackendManagerDeps, LocalEndpoint } from './backend-manager-types';

export abstract class BackendState {
  protected readonly log: LogRing;
  private readonly batcher: LogBatcher;
  protected readonly now: () => number;
  protected readonly clock: () => number;
  protected status: BackendStatus;
  protected active: ActiveRun | null = null;
  protected readyTiming: { listeningAt: number; readyAt: number } | null = null;
  private readonly statusChanged = new ChangeSignal();
  protected readonly stops = new StopRecord();

  constructor(protected readonly deps: BackendManagerDeps) {
    this.now = deps.now ?? Date.now;
    this.clock = deps.clock ?? (() => performance.now());
    this.log = new LogRing(deps.logCapacity ?? 5000);
    this.batcher = new LogBatcher((lines) => deps.emit('backend:log-lines', { lines }));
    this.status = this.blankStatus('stopped');
  }

  getStatus(): BackendStatus {
    return this.status;
  }

  /**
   * Why the server stopped on its own at or after `since` (wall clock), waiting a moment for its exit to be seen; null
   * if it did not.
   */
  stoppedSince(since: number, waitMs?: number): Promise<ServerStop | null> {
    return this.stops.since(since, waitMs);
  }

  /** Clock readings (deps.clock) of the last start: the "listening" line read, and ready confirmed. For benchmarks. */
  lastReadyTiming(): { listeningAt: number; readyAt: number } | null {
    return this.readyTiming;
  }

  /** Where the chat reaches the running server (always over loopback), or null when it is not ready. */
  localEndpoint(): LocalEndpoint | null {
    if (this.status.state !== 'ready' || !this.active || this.status.port === null) return null;
    return {
      baseUrl: `http://127.0.0.1:${this.status.port}`,
      apiKey: this.active.launchSecret,
      model: this.status.model?.name ?? 'local',
      slotIdentity: this.active.slotIdentity,
    };
  }

  /**
   * The endpoint for a chat: at once when ready; while a (re)start is under way it
   * waits up to `waitMs` (a message sent during a crash's backoff goes out once the
   * server is back); otherwise it says why not (crashed, failed, never loaded).
   */
  async readyEndpoint(signal: AbortSignal, waitMs = 60_000): Promise<LocalEndpoint> {
    const deadline = this.clock() + waitMs;
    while (this.status.state === 'starting' && !signal.aborted && this.clock() < deadline)
      await this.statusChanged.next(signal, deadline - this.clock());
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

  /** A line of EVA's own in the model log, beside the server's. */
  appLog(text: string): void {
    this.logLine('app', text);
  }

  /** A line from another server EVA runs (the model pool's router) in the same model log. */
  logLine(stream: LogLine['stream'], text: string): void {
    this.batcher.add(this.log.push(stream, text));
  }

  /** Sends the log lines still waiting for their batch (on quit). */
  protected flushLog(): void {
    this.batcher.flush();
  }

  protected setStatus(next: BackendStatus): void {
    this.status = next;
    this.deps.emit('backend:state', next);
    this.statusChanged.notify();
  }

  protected blankStatus(state: BackendStatus['state']): BackendStatus {
    return blankStatus(state, this.now());
  }
}
