// The last time a managed server (the single model's, or the pool's router)
// stopped on its own, why, and whether it is being started again. A chat whose
// stream was cut asks it, so the answer says "llama-server stopped (killed by
// SIGKILL); it is being started again" instead of a bare "the connection ended".
import type { ExitParts } from '@shared/backend/start-failure';
import { ChangeSignal } from '../state/change-signal';

export interface ServerStop {
  /** the exit (`killed by SIGKILL`) or the lost RPC worker */
  how: string;
  /** true while a restart follows; false once it was given up */
  restarting: boolean;
  /** the same exit in parts, for the page to word (none for a spawn error) */
  exit?: ExitParts;
  /** the RPC worker whose loss stopped the server */
  worker?: string;
}

export class StopRecord {
  private last: (ServerStop & { at: number }) | null = null;
  private readonly recorded = new ChangeSignal();

  /** `now` is wall-clock time: the chat that asks holds its own send time on the same clock. */
  constructor(private readonly now: () => number = Date.now) {}

  record(stop: ServerStop): void {
    this.last = { ...stop, at: this.now() };
    this.recorded.notify();
  }

  /**
   * Why the server stopped at or after `since`, or null if it did not. The cut connection can
   * be seen before the process's exit: this waits up to `waitMs` for the exit to be recorded.
   */
  async since(since: number, waitMs = 1000): Promise<ServerStop | null> {
    const deadline = this.now() + waitMs;
    const never = new AbortController().signal;
    for (;;) {
      const last = this.last;
      if (last && last.at >= since) {
        const { at: _at, ...stop } = last;
        return stop;
      }
      const left = deadline - this.now();
      if (left <= 0) return null;
      await this.recorded.next(never, left);
    }
  }
}

/** What a cut answer says when its server stopped under it. */
export function cutByStop(stop: ServerStop): string {
  return `llama-server stopped while answering (${stop.how}); ${stop.restarting ? 'it is being started again: retry once it is ready' : 'it was not started again: reload the model to go on'}`;
}
