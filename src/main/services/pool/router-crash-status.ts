// What the pool says once its router stopped on its own: every model went with it, and the pool either starts the
// router again after a delay or has given up on it. Pure.
import type { PoolStatus } from '@shared/pool/pool-types';
import type { RestartDecision } from '../backend/run/restart-budget';

/** The status and log line after the router stopped (`how`) and `decision` was taken; `of`: the restarts allowed. */
export function routerCrashStatus(
  status: PoolStatus,
  crash: { how: string; details: Record<string, unknown>; decision: RestartDecision; canRestart: boolean; of: number },
): { status: PoolStatus; message: string } {
  const { how, decision, of } = crash;
  const base = {
    ...status,
    pid: null,
    models: status.models.map((model) => ({ ...model, state: 'unloaded' as const, port: null })),
    usedBytes: 0,
  };
  if (decision.kind === 'give_up' || !crash.canRestart) {
    const message = `the model router stopped unexpectedly (${how})${decision.kind === 'give_up' ? ` and was restarted ${decision.attempts} times; giving up` : ''}`;
    return {
      status: { ...base, state: 'error', error: { code: 'server_crashed', message, details: crash.details } },
      message,
    };
  }
  return {
    status: { ...base, state: 'starting', error: null, restart: { how, attempt: decision.attempt, of } },
    message: `the model router stopped unexpectedly (${how}); starting it again in ${decision.delayMs / 1000} s (${decision.attempt}/${of}); its models load again when asked for`,
  };
}
