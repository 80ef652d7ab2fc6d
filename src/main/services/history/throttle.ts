// Saves a streaming answer at most once per interval: the first change is
// written at once, later ones wait for the interval to pass, and the newest
// state is always the one written. At most one write is in flight, so saves
// land in order; `settle` waits for whatever is in flight or pending.
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class Throttle {
  private lastStart = Number.NEGATIVE_INFINITY;
  private pending = false;
  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly write: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly timers: Timers = realTimers,
  ) {}

  /** Something changed: it will be written within the interval. */
  poke(): void {
    if (this.stopped) return;
    this.pending = true;
    if (this.inFlight || this.timer !== null) return;
    const wait = this.lastStart + this.intervalMs - this.timers.now();
    if (wait <= 0) this.start();
    else
      this.timer = this.timers.setTimeout(() => {
        this.timer = null;
        if (this.pending && !this.inFlight) this.start();
      }, wait);
  }

  /** Stops further saves and waits for the one in flight; pending changes are left to the caller's final write. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pending = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight) await this.inFlight;
  }

  private start(): void {
    this.pending = false;
    this.lastStart = this.timers.now();
    this.inFlight = this.write()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.inFlight = null;
        if (this.pending && !this.stopped) this.poke();
      });
  }
}
