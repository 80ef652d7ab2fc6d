// The one process supervisor for llama-server, side binaries and tool workers:
// argv arrays and no shell, its own process group so the whole tree can be
// stopped, SIGTERM then SIGKILL after a grace period, `exit` always awaited,
// lines delivered as they arrive (readiness depends on seeing them at once).
import { spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { killTree } from './kill-tree';

/** How a process ended. `signal` is set when it was killed by one. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** set when the process could not be started at all (ENOENT, EACCES, ...) */
  spawnError: string | null;
}

export interface SupervisedProcess {
  readonly pid: number | null;
  readonly exited: Promise<ExitInfo>;
  /** true once `exited` has resolved */
  hasExited(): boolean;
  /** SIGTERM to the process tree, SIGKILL after `graceMs`; resolves when it is gone. */
  stop(graceMs?: number): Promise<ExitInfo>;
}

export interface SpawnOptions {
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** called for every complete line of stdout or stderr, synchronously as it is read */
  onLine?: (stream: 'stdout' | 'stderr', line: string) => void;
  /** aborting stops the process (same as stop()) */
  signal?: AbortSignal;
  killGraceMs?: number;
}

const DEFAULT_GRACE_MS = 3000;

export function spawnSupervised(options: SpawnOptions): SupervisedProcess {
  const grace = options.killGraceMs ?? DEFAULT_GRACE_MS;
  let child: ChildProcess;
  let done = false;
  let resolveExit!: (info: ExitInfo) => void;
  const exited = new Promise<ExitInfo>((resolve) => {
    resolveExit = (info) => {
      if (done) return;
      done = true;
      resolve(info);
    };
  });

  try {
    child = nodeSpawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // A new process group on POSIX lets us signal the whole tree at once.
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
  } catch (error) {
    resolveExit({ code: null, signal: null, spawnError: (error as Error).message });
    return { pid: null, exited, hasExited: () => true, stop: () => exited };
  }

  for (const stream of ['stdout', 'stderr'] as const) {
    const readable = child[stream];
    if (!readable) continue;
    const lines = createInterface({ input: readable, crlfDelay: Infinity });
    lines.on('line', (line) => options.onLine?.(stream, line));
  }

  child.once('error', (error) => resolveExit({ code: null, signal: null, spawnError: error.message }));
  // 'close' waits for stdio to drain, so every line has been delivered before exit is reported.
  child.once('close', (code, signal) => resolveExit({ code, signal, spawnError: null }));

  const stop = async (graceMs = grace): Promise<ExitInfo> => {
    if (done || child.pid === undefined) return exited;
    killTree(child.pid, 'SIGTERM');
    const timer = setTimeout(() => {
      if (!done && child.pid !== undefined) killTree(child.pid, 'SIGKILL');
    }, graceMs);
    const info = await exited;
    clearTimeout(timer);
    // The leader is gone; make sure nothing it started outlives it.
    if (child.pid !== undefined) killTree(child.pid, 'SIGKILL');
    return info;
  };

  if (options.signal) {
    if (options.signal.aborted) void stop();
    else options.signal.addEventListener('abort', () => void stop(), { once: true });
  }

  return { pid: child.pid ?? null, exited, hasExited: () => done, stop };
}
