// The model router's restarts after it dies on its own: the same backoff and
// budget as the single model's server (restart-budget.ts), one wait that the
// requests sent meanwhile join, settled once the router is back or given up,
// and the record of why it stopped.
import {
  DEFAULT_RESTART_POLICY,
  decideRestart,
  type RestartDecision,
  type RestartPolicy,
} from '../backend/run/restart-budget';
import { StopRecord } from '../backend/run/stop-record';

export class RouterRestarts {
  /** restarts since the router last ran healthy for a while */
  private used = 0;
  private pending: { done: Promise<void>; end: () => void } | null = null;
  readonly policy: RestartPolicy;
  /** why it last stopped on its own: a chat cut by it says so */
  readonly stops = new StopRecord();

  constructor({ delaysMs, healthyMs }: { delaysMs?: readonly number[]; healthyMs?: number } = {}) {
    this.policy = {
      delaysMs: delaysMs ?? DEFAULT_RESTART_POLICY.delaysMs,
      healthyMs: healthyMs ?? DEFAULT_RESTART_POLICY.healthyMs,
    };
  }

  /** A fresh start of the pool: the whole budget again, and nothing to wait for. */
  reset(): void {
    this.used = 0;
    this.settle();
  }

  /** The router died after running `healthyForMs` (0: it did not start): restart it after the delay, or give up. */
  decide(healthyForMs: number): RestartDecision {
    const decision = decideRestart(this.policy, this.used, healthyForMs);
    if (decision.kind === 'give_up') {
      this.settle();
      return decision;
    }
    this.used = decision.attempt;
    if (!this.pending) {
      let end = (): void => undefined;
      this.pending = { done: new Promise<void>((resolve) => (end = resolve)), end };
    }
    return decision;
  }

  /** Resolves at once, or once the restart under way has the router back or has given up. */
  wait(): Promise<void> {
    return this.pending?.done ?? Promise.resolve();
  }

  /** The router is back (or the pool stopped): whoever waits goes on. */
  settle(): void {
    this.pending?.end();
    this.pending = null;
  }
}
