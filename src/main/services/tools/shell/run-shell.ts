// Runs one command line for execute_command through the one launcher: its own
// process group, combined stdout/stderr into a bounded head+tail collector (a
// command printing a gigabyte without a newline is never buffered whole), a
// timeout and an AbortSignal that both kill the whole tree (SIGTERM, SIGKILL
// after a grace), and whatever it left in the background killed when it exits:
// the group at once, and what left the group by the call's tag (command-tag.ts).
// It runs inside the tool worker; the worker reports the pid and the tag to the
// app, whose lifecycle records it.
import type { CappedOutput } from '@shared/tools/output-cap';
import { launchProcess } from '../../process/launch';
import type { ExitRecord } from '../../process/exit-record';
import { COMMAND_TAG, newCommandTag, stopTagged } from './command-tag';
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
  /** keep the command's stdin open (never written) until it ends: ssh's far end watches it */
  holdStdin?: boolean;
  /** the process-group leader and the call's tag, as soon as they exist */
  onSpawn?: (pid: number, tag: string) => void;
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
  /** processes that had left the command's process group and were stopped when it ended */
  strays: number;
}

// After the shell exits, background children may still hold the pipes open;
// wait this long for them to close, then stop reading.
const DRAIN_MS = 200;
// What left the group gets this long after SIGTERM; short, so that Stop still answers within the runner's cancel grace.
const STRAY_GRACE_MS = 500;

export async function runShell(options: ShellRunOptions): Promise<ShellRunResult> {
  const tag = newCommandTag();
  const proc = launchProcess({
    name: 'shell',
    command: options.shell.command,
    args: shellArgv(options.shell, options.commandLine),
    cwd: options.cwd,
    env: { ...(options.env ?? process.env), [COMMAND_TAG]: tag },
    output: { mode: 'capture', maxChars: options.maxOutputChars, holdStdin: options.holdStdin },
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    killGraceMs: options.killGraceMs ?? 1000,
    drainMs: DRAIN_MS,
    windowsVerbatimArguments: options.shell.verbatim,
  });
  if (proc.pid !== null) options.onSpawn?.(proc.pid, tag);
  const exit = await proc.exited;
  // Finished, timed out or stopped alike: nothing the call started outlives it.
  const strays = await stopTagged(tag, Math.min(options.killGraceMs ?? STRAY_GRACE_MS, STRAY_GRACE_MS), proc.pid);
  return shellRunResult(proc.captured(), exit, strays);
}

/** How a command ended, from its exit record: the one shape every place a command runs answers with. */
export function shellRunResult(output: CappedOutput, exit: ExitRecord, strays: number): ShellRunResult {
  return {
    output,
    exitCode: exit.code,
    signal: exit.signal,
    timedOut: exit.why === 'timeout',
    stopped: exit.why === 'aborted',
    spawnError: exit.spawnError,
    durationMs: exit.durationMs,
    strays,
  };
}
