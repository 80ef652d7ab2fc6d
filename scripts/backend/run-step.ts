// Runs one build command with all its output appended to the build log, and
// every output line offered to `onLine` (for progress). No shell.
//
// The command runs in its own process group because `cmake --build` does not
// pass signals on: killing cmake alone leaves make and the compilers running
// (checked). Being in its own group, it no longer gets the terminal's Ctrl-C
// either, so the group is stopped (SIGTERM, then SIGKILL if it lingers) on
// abort, on this process's exit, and, when the caller passed no AbortSignal
// to cancel with, on SIGINT/SIGTERM/SIGHUP to this process.
import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { lineSplitter } from './build-progress';

export interface StepOptions {
  /** the open build log; the command line is written before its output */
  logStream: Writable;
  onLine?: (line: string) => void;
  env?: Record<string, string>;
  /** cancels the step; a caller that passes one also owns this process's signal handling */
  signal?: AbortSignal;
}

export interface StepResult {
  exitCode: number | null;
  /** set when the command could not be started at all (e.g. ENOENT) */
  startError: Error | null;
  aborted: boolean;
}

const KILL_GRACE_MS = 5_000;
const OWN_GROUP = process.platform !== 'win32'; // Windows has no process groups to signal
const FORWARDED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export function runStep(command: string, args: readonly string[], options: StepOptions): Promise<StepResult> {
  return new Promise((resolve) => {
    options.logStream.write(`\n$ ${[command, ...args].join(' ')}\n`);
    if (options.signal?.aborted) return resolve({ exitCode: null, startError: null, aborted: true });
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
      detached: OWN_GROUP,
      windowsHide: true,
    });
    const split = lineSplitter((line) => options.onLine?.(line));
    const onData = (chunk: Buffer) => {
      options.logStream.write(chunk);
      split.push(chunk.toString('utf8'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);

    const stop = (signal: NodeJS.Signals) => {
      try {
        if (OWN_GROUP && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // Already gone.
      }
    };
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      if (aborted) return;
      aborted = true;
      stop('SIGTERM');
      killTimer = setTimeout(() => stop('SIGKILL'), KILL_GRACE_MS);
    };
    const onExit = () => stop('SIGKILL');
    const onSignal = (signal: NodeJS.Signals) => {
      onAbort();
      unhook();
      // With nobody else listening, die of the signal as this process would have without us.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    const unhook = () => {
      options.signal?.removeEventListener('abort', onAbort);
      process.off('exit', onExit);
      for (const signal of FORWARDED) process.off(signal, onSignal);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (OWN_GROUP) {
      process.on('exit', onExit);
      if (!options.signal) for (const signal of FORWARDED) process.on(signal, onSignal);
    }

    let settled = false;
    const finish = (result: StepResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(killTimer);
      unhook();
      split.end();
      resolve(result);
    };
    child.on('error', (error) => {
      // Only a failed start ends the step here; other errors are followed by 'close'.
      if (child.pid === undefined) finish({ exitCode: null, startError: error, aborted });
    });
    child.on('close', (code) => finish({ exitCode: code, startError: null, aborted }));
  });
}
