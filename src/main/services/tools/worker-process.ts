// One forked tool worker: a Node process with an IPC channel, leader of its
// own process group so killTree reaches anything it started, stderr kept as a
// bounded tail for crash reports. The runner talks to it through this
// interface only, so another host (Electron's utilityProcess) can stand in.
import { fork } from 'node:child_process';
import { killTree } from '../process/kill-tree';
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
  /** SIGTERM, SIGKILL after `graceMs`: the supervisor's contract, so a ProcessRegistry can track workers */
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
  /** called with every started worker, e.g. `(w) => registry.track(w)` so quitting the app stops them */
  onStart?: (worker: WorkerProcess) => void;
}

const STDERR_TAIL = 4096;

export function forkWorkerSpawner(options: ForkWorkerOptions): SpawnWorker {
  return (kind) => {
    const worker = forkWorker(options, kind);
    options.onStart?.(worker);
    return worker;
  };
}

export function forkWorker(options: ForkWorkerOptions, kind: string): WorkerProcess {
  const heap = options.maxOldSpaceMb?.[kind];
  const execArgv = [...(options.execArgv ?? []), ...(heap ? [`--max-old-space-size=${heap}`] : [])];
  let done = false;
  let resolveExit!: (exit: WorkerExit) => void;
  const exited = new Promise<WorkerExit>((resolve) => {
    resolveExit = (exit) => {
      if (done) return;
      done = true;
      resolve(exit);
    };
  });
  let tail = '';
  const listeners = new Set<(message: FromWorker) => void>();

  let child: ReturnType<typeof fork>;
  try {
    child = fork(options.entry, [`--tool-worker=${kind}`], {
      execArgv,
      execPath: options.execPath,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      detached: process.platform !== 'win32',
      serialization: 'json',
    });
  } catch (error) {
    resolveExit({ code: null, signal: null, spawnError: (error as Error).message });
    return {
      pid: null,
      send: () => undefined,
      onMessage: () => () => undefined,
      onExit: (listener) => (void exited.then(listener), () => undefined),
      exited,
      hasExited: () => true,
      kill: () => exited,
      stop: () => exited,
      stderrTail: () => '',
    };
  }

  child.stdout?.resume();
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  child.on('message', (message) => {
    if (!isFromWorker(message)) return;
    for (const listener of listeners) listener(message);
  });
  child.once('error', (error) => resolveExit({ code: null, signal: null, spawnError: error.message }));
  child.once('exit', (code, signal) => resolveExit({ code, signal, spawnError: null }));

  return {
    pid: child.pid ?? null,
    send: (message) => {
      if (!done && child.connected) child.send(message, (error) => void error);
    },
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
    hasExited: () => done,
    kill: async () => {
      if (!done && child.pid !== undefined) killTree(child.pid, 'SIGKILL');
      return exited;
    },
    stop: async (graceMs = 1000) => {
      if (done || child.pid === undefined) return exited;
      const pid = child.pid;
      killTree(pid, 'SIGTERM');
      const timer = setTimeout(() => killTree(pid, 'SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
    stderrTail: () => tail,
  };
}
