// Lets callers sleep until something changes (the backend's state), a deadline
// passes or their request is aborted, whichever comes first.
export class ChangeSignal {
  private readonly waiters = new Set<() => void>();

  /** Wake every waiter. */
  notify(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves at the next notify(), after `ms`, or on abort. */
  next(signal: AbortSignal, ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }
}
