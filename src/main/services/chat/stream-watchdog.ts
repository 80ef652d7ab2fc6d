// The three ways a running request can be interrupted, told apart: the user's
// Stop (the caller's AbortSignal), our own idle watchdog (no bytes for
// idleTimeoutMs), and everything else (the network). All of them surface as a
// rejected fetch/read, so what the rejection means is decided here.
import type { ChatError, StreamEvent } from '@shared/chat/types';

export interface StreamWatchdog {
  /** goes into fetch: aborts on Stop, on idle, and when the stream is disposed */
  readonly signal: AbortSignal;
  /** call on every byte received: restarts the idle countdown */
  touch(): void;
  userAborted(): boolean;
  /** waits this long, or less when the request is interrupted meanwhile (Stop ends a paced wait at once) */
  sleep(ms: number): Promise<void>;
  /** the event for an interruption: stopped, idle_timeout, or `otherwise` */
  explain(otherwise: ChatError): StreamEvent;
  /** stops the countdown and aborts the request if it is still open */
  dispose(): void;
}

export function startWatchdog(userSignal: AbortSignal | undefined, idleTimeoutMs: number): StreamWatchdog {
  const local = new AbortController();
  const signal = userSignal ? AbortSignal.any([userSignal, local.signal]) : local.signal;
  let idle = false;
  // touch() runs once a network read (once a token for a stream read as it comes): it only
  // notes the time, and the one timer, when it fires, waits again for what is left since then.
  let lastData = performance.now();
  const check = (): void => {
    const quiet = performance.now() - lastData;
    if (quiet < idleTimeoutMs) {
      timer = setTimeout(check, idleTimeoutMs - quiet);
      return;
    }
    idle = true;
    local.abort(new Error(`no data for ${idleTimeoutMs} ms`));
  };
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(check, idleTimeoutMs);
  const touch = (): void => {
    lastData = performance.now();
  };
  return {
    signal,
    touch,
    userAborted: () => userSignal?.aborted === true,
    sleep: (ms) => {
      if (ms <= 0 || signal.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const done = (): void => {
          clearTimeout(wait);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const wait = setTimeout(done, ms);
        signal.addEventListener('abort', done, { once: true });
      });
    },
    explain(otherwise) {
      if (userSignal?.aborted) return { type: 'stopped' };
      if (idle) {
        const error: ChatError = {
          code: 'idle_timeout',
          message: `no data for ${seconds(idleTimeoutMs)} s`,
          details: { idleTimeoutMs },
        };
        return { type: 'error', error };
      }
      return { type: 'error', error: otherwise };
    },
    dispose() {
      clearTimeout(timer);
      local.abort();
    },
  };
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
