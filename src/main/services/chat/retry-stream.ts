// Retry with backoff for link endpoints: a hosted API that answers
// 429 (rate limit) or a 5xx that usually passes (502, 503, 504) before sending
// anything is asked again after a growing pause, and the user is told each time.
// A 500 is not: servers give it for what asking again does not change (a chat
// template that cannot render tools, which the agent answers by switching protocol). Once any of the answer has arrived
// nothing is
// retried: a second request would repeat it.
import type { StreamEvent } from '@shared/chat/types';

export const RETRIABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export interface RetryPolicy {
  /** pauses before the 1st, 2nd, … retry */
  delaysMs: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { delaysMs: [1_000, 3_000, 9_000] };

export interface RetryDeps {
  /** resolves after `ms`, or at once when `signal` aborts */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** a retry is about to wait: say so to the user */
  onRetry: (info: { status: number; attempt: number; of: number; delayMs: number }) => void;
}

/** The status of a first event that is worth asking again for, or null. */
export function retriableStatus(event: StreamEvent | undefined): number | null {
  if (event?.type !== 'error' || event.error.code !== 'http_error') return null;
  const status = event.error.details?.status;
  return typeof status === 'number' && RETRIABLE_STATUSES.has(status) ? status : null;
}

/**
 * The events of the first attempt that did not fail retriably (or of the last one), from `start()` called once per
 * attempt.
 */
export async function* withRetry(
  start: () => AsyncGenerator<StreamEvent, void, undefined>,
  policy: RetryPolicy,
  deps: RetryDeps,
  signal?: AbortSignal,
): AsyncGenerator<StreamEvent, void, undefined> {
  for (let attempt = 0; ; attempt++) {
    const events = start();
    const first = await events.next();
    const status = first.done ? null : retriableStatus(first.value);
    const delayMs = policy.delaysMs[attempt];
    if (status === null || delayMs === undefined || signal?.aborted) {
      if (!first.done) yield first.value;
      yield* events;
      return;
    }
    await events.return(undefined);
    deps.onRetry({ status, attempt: attempt + 1, of: policy.delaysMs.length, delayMs });
    await deps.sleep(delayMs, signal);
    if (signal?.aborted) {
      yield { type: 'stopped' };
      return;
    }
  }
}

/** setTimeout as a promise that a Stop cuts short. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
