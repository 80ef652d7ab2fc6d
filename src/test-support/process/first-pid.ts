// The pid of the first process a lifecycle has started, once it has: a test that stops a run half-way (a
// transcription, a sentence being spoken) needs the process running before it stops it.
import type { ProcessLifecycle } from '@main/services/process/process-lifecycle';

/** Waits for the first pid; `what` names the binary when none comes within `timeoutMs`. */
export async function firstPid(lifecycle: ProcessLifecycle, what: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const pid = lifecycle.pids()[0];
    if (pid) return pid;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} never started`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
