// What to do when a ready llama-server dies on its own: restart it with backoff,
// or give up. The budget refills once the server has run healthy for a while,
// so a crash every few hours is always restarted, while a crash loop (dying
// again right after each restart) still gives up after the last delay.

export interface RestartPolicy {
  /** one delay per attempt: [1000, 2000, 4000] allows three restarts in a row */
  delaysMs: readonly number[];
  /** ready this long before the crash: the budget is full again */
  healthyMs: number;
}

export type RestartDecision =
  { kind: 'restart'; attempt: number; delayMs: number } | { kind: 'give_up'; attempts: number };

export const DEFAULT_RESTART_POLICY: RestartPolicy = { delaysMs: [1000, 2000, 4000], healthyMs: 60_000 };

/**
 * `restartsSoFar`: restarts since the budget was last full; `healthyForMs`: how
 * long the server had been ready when it died (0 when it died while starting).
 */
export function decideRestart(policy: RestartPolicy, restartsSoFar: number, healthyForMs: number): RestartDecision {
  const used = healthyForMs >= policy.healthyMs ? 0 : restartsSoFar;
  if (used >= policy.delaysMs.length) return { kind: 'give_up', attempts: used };
  return { kind: 'restart', attempt: used + 1, delayMs: policy.delaysMs[used] ?? 1000 };
}
