// Why a chat cannot reach the local model right now, in words the user can act
// on. "No model loaded" only when none was (or the user stopped it): a server
// that crashed, gave up restarting or failed to load says so, with the reason
// and a Reload action the page offers next to the error.
import type { BackendStatus } from '@shared/contract';
import { AppFailure } from '@shared/errors';

/** The action the renderer offers with the error: load the last model again. */
export const RELOAD_ACTION = { action: 'reload' } as const;

export function localUnavailable(status: BackendStatus): AppFailure {
  const error = status.error;
  if (status.state === 'error' && error?.code === 'server_crashed') {
    return new AppFailure('server_crashed', `The local model stopped: ${error.message}. Reload it to go on.`, {
      ...RELOAD_ACTION,
      exitCode: error.details?.exitCode ?? null,
      signal: error.details?.signal ?? null,
    });
  }
  if (status.state === 'error' && error) {
    return new AppFailure(
      'backend_failed',
      `The local model is not running: its last load failed (${error.message}). Reload it, or load another model.`,
      { ...RELOAD_ACTION, cause: error.code },
    );
  }
  if (status.state === 'starting') {
    const what =
      status.restarts > 0
        ? `llama-server is restarting after a crash (attempt ${status.restarts})`
        : 'the model is still loading';
    return new AppFailure('backend_starting', `${what} and was not ready in time; try again in a moment.`, {
      ...RELOAD_ACTION,
    });
  }
  return new AppFailure('no_model_loaded', 'no local model is loaded: load one first, or switch to a link endpoint');
}
