// How a child process ended, in one shape for every kind of child: the server,
// a tool worker, a shell command, an MCP server, a side binary. Errors are
// data: callers decide what an exit means for them.

/** The OS-level facts of an exit. `signal` is set when it was killed by one. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** set when the process could not be started at all (ENOENT, EACCES, …) */
  spawnError: string | null;
}

/** Why it ended: on its own, or because we (or a timeout, or an abort) stopped it. */
export type ExitWhy = 'exited' | 'stopped' | 'timeout' | 'aborted' | 'spawn_failed';

/** One exit record per child: the facts, why, and its last log lines. */
export interface ExitRecord extends ExitInfo {
  why: ExitWhy;
  /** the last lines it wrote (stderr, or both streams in line mode), oldest first */
  lastLines: string[];
  durationMs: number;
}

/** "exit code 1", "killed by SIGKILL", or the spawn error: for messages people read. */
export function describeExit(exit: ExitInfo): string {
  if (exit.spawnError) return exit.spawnError;
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.code}`;
}
