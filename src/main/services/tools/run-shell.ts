// Runs one command line for execute_command: its own process group, combined
// stdout/stderr into a bounded head+tail collector, a timeout and an
// AbortSignal that both kill the whole tree (SIGTERM, SIGKILL after a grace).
// Not the supervisor's spawnSupervised: that one reads output line by line,
// and a command printing a gigabyte without a newline must not be buffered;
// the kill itself is the supervisor's killTree.
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { OutputCollector, type CappedOutput } from '../../../shared/tools/output-cap';
import { killTree } from '../process/kill-tree';
import { shellArgv, type ShellSpec } from './shell-choice';

export interface ShellRunOptions {
  commandLine: string;
  shell: ShellSpec;
  cwd: string;
  timeoutMs: number;
  maxOutputChars: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  killGraceMs?: number;
  /** the process-group leader, as soon as it exists */
  onSpawn?: (pid: number) => void;
}

/** How the command ended; `output` is already capped. */
export interface ShellRunResult {
  output: CappedOutput;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stopped: boolean;
  spawnError: string | null;
  durationMs: number;
}

// After the shell exits, background children may still hold the pipes open;
// wait this long for them to close, then stop reading.
const DRAIN_MS = 200;

export function runShell(options: ShellRunOptions): Promise<ShellRunResult> {
  const started = Date.now();
  const collector = new OutputCollector(options.maxOutputChars);
  const grace = options.killGraceMs ?? 1000;
  return new Promise((resolve) => {
    let timedOut = false;
    let stopped = false;
    let settled = false;
    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    const timers: NodeJS.Timeout[] = [];

    const child = spawn(options.shell.command, shellArgv(options.shell, options.commandLine), {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
      windowsVerbatimArguments: options.shell.verbatim,
    });
    const pid = child.pid;
    if (pid !== undefined) options.onSpawn?.(pid);

    const finish = (spawnError: string | null) => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      options.signal?.removeEventListener('abort', onAbort);
      // Nothing the command started outlives it: background jobs go with the group.
      if (pid !== undefined) killTree(pid, 'SIGKILL');
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({
        output: collector.result(),
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        timedOut,
        stopped,
        spawnError,
        durationMs: Date.now() - started,
      });
    };

    const kill = () => {
      if (pid === undefined || exit) return;
      killTree(pid, 'SIGTERM');
      timers.push(setTimeout(() => killTree(pid, 'SIGKILL'), grace));
    };
    const onAbort = () => {
      stopped = true;
      kill();
    };

    for (const stream of [child.stdout, child.stderr]) {
      const decoder = new StringDecoder('utf8');
      stream?.on('data', (chunk: Buffer) => collector.push(decoder.write(chunk)));
      stream?.on('end', () => collector.push(decoder.end()));
    }
    child.once('error', (error) => finish(error.message));
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      timers.push(setTimeout(() => finish(null), DRAIN_MS));
    });
    child.once('close', () => finish(null));

    timers.push(
      setTimeout(() => {
        timedOut = true;
        kill();
      }, options.timeoutMs),
    );
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
