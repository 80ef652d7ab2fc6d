// The one way EVA starts a child process: llama-server, tool workers, shell
// commands, MCP stdio servers, whisper-cli, probes. argv arrays and no shell;
// its own process group (POSIX) so the whole tree can be signalled at once;
// stop = SIGTERM to the group, SIGKILL after a grace period; a timeout and an
// AbortSignal stop it the same way; when the leader exits, whatever is left
// in its group is killed too; and every child ends with one ExitRecord.
import { spawn as nodeSpawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import crossSpawn from 'cross-spawn';
import { binaryNotFoundText } from '@shared/error-causes';
import type { CappedOutput } from '@shared/tools/output-cap';
import type { ExitInfo, ExitRecord, ExitWhy } from './exit-record';
import { killTree } from './kill-tree';
import { attachOutput, type LaunchOutput, type OutputTap } from './launch-output';

export type { LaunchOutput } from './launch-output';

export interface LaunchSpec {
  /** what it is, for logs and the ledger: 'llama-server', 'tool-worker:files', 'mcp:github', 'shell' */
  name: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  output: LaunchOutput;
  /** stopped (why: 'timeout') after this long */
  timeoutMs?: number;
  /** aborting stops it (why: 'aborted') */
  signal?: AbortSignal;
  /** SIGTERM → SIGKILL delay; default 3 s */
  killGraceMs?: number;
  /** how long to wait for the pipes to close after the leader exits (a background job may hold them); default 200 ms */
  drainMs?: number;
  /** Windows: resolve `npx`-style .cmd shims (cross-spawn); default false */
  resolveWindowsCommand?: boolean;
  /** Windows: pass arguments to cmd.exe verbatim */
  windowsVerbatimArguments?: boolean;
}

/** A running (or ended) child. */
export interface ManagedProcess {
  readonly name: string;
  readonly pid: number | null;
  readonly exited: Promise<ExitRecord>;
  hasExited(): boolean;
  /** SIGTERM to its group, SIGKILL after `graceMs`; resolves when it is gone */
  stop(graceMs?: number, why?: ExitWhy): Promise<ExitRecord>;
  /** SIGKILL to its group now */
  kill(): Promise<ExitRecord>;
  /** 'ipc' mode: send a message; false when the channel is closed */
  send(message: unknown): boolean;
  /** 'rpc' mode: write to stdin; resolves once the data is handed to the OS (or buffered below the high-water mark) */
  write(data: string): Promise<void>;
  /** 'rpc' mode: close stdin (the polite goodbye) */
  endInput(): void;
  /** 'capture' mode: head and tail of the output so far */
  captured(): CappedOutput;
  /** the last lines it wrote */
  lastLines(): string[];
}

/** Hooks the lifecycle uses to record every child; optional for plain use. */
export interface LaunchHooks {
  /** added to the child's environment */
  env?: Record<string, string>;
  onSpawn?: (proc: ManagedProcess) => void;
  onExit?: (proc: ManagedProcess, exit: ExitRecord) => void;
}

const DEFAULT_GRACE_MS = 3_000;
const DEFAULT_DRAIN_MS = 200;

export function launchProcess(spec: LaunchSpec, hooks: LaunchHooks = {}): ManagedProcess {
  const started = Date.now();
  const grace = spec.killGraceMs ?? DEFAULT_GRACE_MS;
  const posix = process.platform !== 'win32';
  let done = false;
  let why: ExitWhy | null = null;
  let resolveExit!: (info: ExitInfo) => void;
  let tap: OutputTap | null = null;
  const timers: NodeJS.Timeout[] = [];
  const exited = new Promise<ExitRecord>((resolve) => {
    resolveExit = (info) => {
      if (done) return;
      done = true;
      timers.forEach(clearTimeout);
      spec.signal?.removeEventListener('abort', onAbort);
      const record: ExitRecord = {
        ...info,
        why: info.spawnError ? 'spawn_failed' : (why ?? 'exited'),
        lastLines: tap?.lastLines() ?? [],
        durationMs: Date.now() - started,
      };
      resolve(record);
      // After this turn: a spawn that throws settles before `proc` exists.
      queueMicrotask(() => hooks.onExit?.(proc, record));
    };
  });

  let child: ChildProcess | null = null;
  try {
    // spawn reports a missing cwd as "spawn <command> ENOENT", which sends people looking for the wrong thing.
    if (spec.cwd !== undefined && !existsSync(spec.cwd))
      throw Object.assign(new Error(`the working directory "${spec.cwd}" does not exist`), { code: 'ENOCWD' });
    const spawn = spec.resolveWindowsCommand ? crossSpawn : nodeSpawn;
    child = spawn(spec.command, [...spec.args], {
      cwd: spec.cwd,
      env: { ...(spec.env ?? process.env), ...hooks.env },
      stdio: stdioFor(spec.output),
      serialization: 'json',
      // A new process group on POSIX lets us signal the whole tree at once (Windows: taskkill /T).
      detached: posix,
      windowsHide: true,
      windowsVerbatimArguments: spec.windowsVerbatimArguments,
    });
  } catch (error) {
    // spawn throws synchronously for arguments it cannot pass (a NUL byte, say).
    child = null;
    resolveExit({ code: null, signal: null, spawnError: spawnErrorText(spec.command, error as NodeJS.ErrnoException) });
  }
  const pid = child?.pid ?? null;

  const signalTree = (signal: NodeJS.Signals) => {
    if (pid !== null && !done) killTree(pid, signal);
  };
  const stop = async (graceMs = grace, reason: ExitWhy = 'stopped'): Promise<ExitRecord> => {
    if (done || pid === null) return exited;
    why ??= reason;
    signalTree('SIGTERM');
    timers.push(setTimeout(() => signalTree('SIGKILL'), graceMs));
    return exited;
  };
  function onAbort(): void {
    void stop(grace, 'aborted');
  }

  const proc: ManagedProcess = {
    name: spec.name,
    pid,
    exited,
    hasExited: () => done,
    stop,
    kill: async () => {
      why ??= 'stopped';
      signalTree('SIGKILL');
      return exited;
    },
    send: (message) => {
      if (done || !child?.connected) return false;
      child.send(message as object, (error) => void error);
      return true;
    },
    write: (data) =>
      new Promise((resolve, reject) => {
        const stdin = child?.stdin;
        if (!stdin || done || stdin.destroyed) return reject(new Error(`${spec.name} is not running`));
        if (stdin.write(data)) resolve();
        else stdin.once('drain', resolve);
      }),
    endInput: () => child?.stdin?.end(),
    captured: () => tap?.captured() ?? { text: '', truncated: false, omittedChars: 0, totalChars: 0 },
    lastLines: () => tap?.lastLines() ?? [],
  };

  if (!child || pid === null) {
    // ENOENT and friends arrive as an 'error' event, without a pid.
    child?.once('error', (error: NodeJS.ErrnoException) =>
      resolveExit({ code: null, signal: null, spawnError: spawnErrorText(spec.command, error) }),
    );
    return proc;
  }

  const running = child;
  tap = attachOutput(running, spec.output);
  running.stdin?.on('error', () => undefined); // EPIPE when it exits first: its exit tells the story
  running.once('exit', (code, signal) => {
    // The leader is gone: nothing it started outlives it (and nothing keeps our pipes open).
    if (posix) killTree(pid, 'SIGKILL');
    const info = { code, signal, spawnError: null };
    const drained = setTimeout(() => {
      tap?.close();
      resolveExit(info);
    }, spec.drainMs ?? DEFAULT_DRAIN_MS);
    timers.push(drained);
    // 'close' follows once stdio has drained, so every line was delivered before the exit is reported.
    running.once('close', () => {
      tap?.close();
      resolveExit(info);
    });
  });
  hooks.onSpawn?.(proc);

  if (spec.timeoutMs !== undefined) timers.push(setTimeout(() => void stop(grace, 'timeout'), spec.timeoutMs));
  if (spec.signal?.aborted) onAbort();
  else spec.signal?.addEventListener('abort', onAbort, { once: true });
  return proc;
}

function stdioFor(output: LaunchOutput): StdioOptions {
  if (output.mode === 'ipc') return ['ignore', 'pipe', 'pipe', 'ipc'];
  if (output.mode === 'rpc' || (output.mode === 'capture' && output.holdStdin)) return ['pipe', 'pipe', 'pipe'];
  return ['ignore', 'pipe', 'pipe'];
}

function spawnErrorText(command: string, error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return binaryNotFoundText(command);
  if (error.code === 'ENOCWD') return `could not start "${command}": ${error.message}`;
  if (error.code === 'EACCES') return `could not start "${command}": permission denied (is it executable?)`;
  return `could not start "${command}": ${error.message}`;
}
