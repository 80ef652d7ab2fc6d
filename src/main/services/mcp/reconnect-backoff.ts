// When to try a dead MCP server again: quickly at first (a server restarting
// after an update), then slower, never more often than the cap allows.

/** Delays before the 1st, 2nd, … retry; the last one repeats. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/** A connection that stayed up this long counts as healthy: the next failure starts the delays over. */
export const DEFAULT_STABLE_MS = 30_000;

export function retryDelayMs(failures: number, delays: readonly number[] = DEFAULT_RETRY_DELAYS_MS): number {
  if (delays.length === 0) throw new Error('retryDelayMs needs at least one delay');
  const index = Math.min(Math.max(failures, 1), delays.length) - 1;
  return delays[index]!;
}

/** The failure count after a connection is lost: reset when it had been up long enough. */
export function failuresAfterLoss(failures: number, upForMs: number, stableMs: number = DEFAULT_STABLE_MS): number {
  return (upForMs >= stableMs ? 0 : failures) + 1;
}
