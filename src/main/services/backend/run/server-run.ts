// One launch of llama-server: spawn it supervised, watch every output line,
// and settle `ready` as soon as the "listening on" line arrives and /health
// confirms it — or as soon as it is clear the launch failed.
import type { AppError } from '@shared/errors';
import { describeExit, type ExitInfo } from '../../process/exit-record';
import type { ProcessLifecycle } from '../../process/process-lifecycle';
import { classifyServerLine } from './readiness';

export type ReadyOutcome = { ok: true; listeningAt: number; readyAt: number } | { ok: false; error: AppError };

export interface ServerRun {
  readonly pid: number | null;
  readonly ready: Promise<ReadyOutcome>;
  readonly exited: Promise<ExitInfo>;
  stop(): Promise<ExitInfo>;
}

export interface ServerRunOptions {
  serverPath: string;
  args: string[];
  /** added to the server's environment (its API keys: launch/server-key.ts) */
  env: Record<string, string>;
  port: number;
  registry: ProcessLifecycle;
  onLine: (stream: 'stdout' | 'stderr', text: string) => void;
  /** last log lines, for error details */
  logTail: () => string[];
  readyTimeoutMs: number;
  stopGraceMs: number;
  /** status of GET /health, null when nothing answers */
  probeHealth: (port: number) => Promise<number | null>;
  /** monotonic clock in ms */
  clock: () => number;
}

const HEALTH_RETRY_MS = 25;

export function startServerRun(options: ServerRunOptions): ServerRun {
  let settle!: (outcome: ReadyOutcome) => void;
  let settled = false;
  const ready = new Promise<ReadyOutcome>((resolve) => {
    settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      resolve(outcome);
    };
  });

  const proc = options.registry.launch({
    name: 'llama-server',
    command: options.serverPath,
    args: options.args,
    env: { ...process.env, ...options.env },
    killGraceMs: options.stopGraceMs,
    output: {
      mode: 'lines',
      onLine: (stream, text) => {
        options.onLine(stream, text);
        if (settled) return;
        const kind = classifyServerLine(text);
        if (kind.kind === 'listening') void confirmHealth(options.clock());
        // A fatal line ends the launch at once: a GPU build that found no device may
        // otherwise go on to become "ready" on the CPU under the wrong label.
        // Its own words: the page quotes them as llama-server's.
        else if (kind.kind === 'fatal') fail('backend_failed', kind.message, { serverSaid: kind.message });
      },
    },
  });

  const fail = (code: AppError['code'], message: string, details: Record<string, unknown>): void => {
    if (settled) return;
    settle({ ok: false, error: { code, message, details: { ...details, logTail: options.logTail() } } });
    void proc.stop();
  };

  const timeout = setTimeout(
    () =>
      fail(
        'ready_timeout',
        `llama-server did not become ready within ${Math.round(options.readyTimeoutMs / 1000)} s`,
        {},
      ),
    options.readyTimeoutMs,
  );

  void proc.exited.then((exit) => {
    if (settled) return;
    fail('backend_failed', `llama-server stopped before it was ready (${describeExit(exit)})`, {
      exitCode: exit.code,
      signal: exit.signal,
      spawnError: exit.spawnError,
    });
  });

  async function confirmHealth(listeningAt: number): Promise<void> {
    // llama-server prints "listening" after loading, so /health is normally 200 at once; 503 means still loading.
    while (!settled) {
      if ((await options.probeHealth(options.port)) === 200) {
        settle({ ok: true, listeningAt, readyAt: options.clock() });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, HEALTH_RETRY_MS));
    }
  }

  return { pid: proc.pid, ready, exited: proc.exited, stop: () => proc.stop() };
}
