// At most `limit` requests answer at once (the server's slots less the one kept
// for the user's own chat); up to `queueLimit` more wait in order, and one more
// is refused at once so the client can retry later (429).

export interface QueueFigures {
  inFlight: number;
  queued: number;
  limit: number;
}

export class RequestQueue {
  private running = 0;
  private readonly waiting: { grant: () => void; signal?: AbortSignal; onAbort: () => void }[] = [];

  constructor(
    private limits: { limit: number; queueLimit: number },
    private readonly onChange: () => void = () => {},
  ) {}

  setLimits(limits: { limit: number; queueLimit: number }): void {
    this.limits = { ...limits, limit: Math.max(1, limits.limit) };
    this.drain();
  }

  figures(): QueueFigures {
    return { inFlight: this.running, queued: this.waiting.length, limit: Math.max(1, this.limits.limit) };
  }

  /**
   * A turn: resolves with its release once the request may run; null when the queue is full. An abort while waiting
   * gives the place up (the promise then resolves null).
   */
  acquire(signal?: AbortSignal): Promise<(() => void) | null> | null {
    if (this.running < Math.max(1, this.limits.limit) && this.waiting.length === 0)
      return Promise.resolve(this.grant());
    if (this.waiting.length >= this.limits.queueLimit) return null;
    return new Promise((resolve) => {
      const entry = {
        signal,
        grant: () => resolve(this.grant()),
        onAbort: () => {
          const index = this.waiting.indexOf(entry);
          if (index >= 0) this.waiting.splice(index, 1);
          this.onChange();
          resolve(null);
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      this.waiting.push(entry);
      this.onChange();
    });
  }

  private grant(): () => void {
    this.running += 1;
    this.onChange();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.drain();
      this.onChange();
    };
  }

  private drain(): void {
    while (this.running < Math.max(1, this.limits.limit) && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      next.signal?.removeEventListener('abort', next.onAbort);
      next.grant();
    }
  }
}
