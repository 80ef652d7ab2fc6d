// One forked tool worker: a Node process with an IPC channel, started through
// the process lifecycle (its own process group, so a kill reaches anything it
// started; stderr kept as the exit record's last lines). The runner talks to
// it through this interface only, so another host (Electron's utilityProcess)
// can stand in.
import { launchProcess, type ManagedProcess } from '../../process/launch';
import type { Launch } from '../../process/process-lifecycle';
import { isFromWorker, type FromWorker, type ToWorker } from './worker-protocol';

/** How a worker process ended. */
export interface WorkerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  spawnError: string | null;
}

export interface WorkerProcess {
  readonly pid: number | null;
  send(message: ToWorker): void;
  /** returns the unsubscribe function */
  onMessage(listener: (message: FromWorker) => void): () => void;
  readonly exited: Promise<WorkerExit>;
  /** like `exited`, but can be unsubscribed (a warm worker outlives many calls) */
  onExit(listener: (exit: WorkerExit) => void): () => void;
  hasExited(): boolean;
  /** SIGKILL to the worker's whole group; resolves when it has exited */
  kill(): Promise<WorkerExit>;
  /** SIGTERM, SIGKILL after `graceMs` */
  stop(graceMs?: number): Promise<WorkerExit>;
  /** the last few KB the worker wrote to stderr */
  stderrTail(): string;
}

/** Starts a worker for a kind of tool ('calculator', 'shell', 'files', 'controller', …). */
export type SpawnWorker = (kind: string) => WorkerProcess;

export interface ForkWorkerOptions {
  /** the worker entry: src/main/workers/tool-worker.ts in dev, out/main/tool-worker.js when built */
  entry: string;
  /** e.g. ['--import', 'tsx'] to run the TS entry in dev and tests; [] when built */
  execArgv?: string[];
  /** default process.execPath (Electron's binary in the app: set ELECTRON_RUN_AS_NODE=1 in env) */
  execPath?: string;
  env?: NodeJS.ProcessEnv;
  /** V8 heap cap per kind, so `zeros(1e5, 1e5)` in the calculator dies alone instead of swapping the machine */
  maxOldSpaceMb?: Record<string, number>;
  /**
   * the process lifecycle's launcher (quitting the app, or its death, stops the workers); default: untracked, for tests
   */
  launch?: Launch;
}

export function forkWorkerSpawner(options: ForkWorkerOptions): SpawnWorker {
  return (kind) => forkWorker(options, kind);
}

export function forkWorker(options: ForkWorkerOptions, kind: string): WorkerProcess {
  const heap = options.maxOldSpaceMb?.[kind];
  const execArgv = [...(options.execArgv ?? []), ...(heap ? [`--max-old-space-size=${heap}`] : [])];
  const listeners = new Set<(message: FromWorker) => void>();
  const launch = options.launch ?? launchProcess;
  const proc: ManagedProcess = launch({
    name: `tool-worker:${kind}`,
    command: options.execPath ?? process.execPath,
    args: [...execArgv, options.entry, `--tool-worker=${kind}`],
    env: options.env ?? process.env,
    output: {
      mode: 'ipc',
      onMessage: (message) => {
        if (!isFromWorker(message)) return;
        for (const listener of listeners) listener(message);
      },
    },
    killGraceMs: 1_000,
  });
  const exited: Promise<WorkerExit> = proc.exited.then(({ code, signal, spawnError }) => ({
    code,
    signal,
    spawnError,
  }));

  return {
    pid: proc.pid,
    send: (message) => void proc.send(message),
    onMessage: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    exited,
    onExit: (listener) => {
      let active = true;
      void exited.then((exit) => active && listener(exit));
      return () => {
        active = false;
      };
    },
    hasExited: () => proc.hasExited(),
    kill: () => proc.kill().then(() => exited),
    stop: (graceMs = 1000) => proc.stop(graceMs).then(() => exited),
    stderrTail: () => proc.lastLines().join('\n'),
  };
}
