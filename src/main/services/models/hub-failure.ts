// A hub request that failed, in words: the status said as what it means for the
// user, or the network error, with what to do next. Pure.
import { errorText, AppFailure } from '@shared/errors';

const STATUS_WORDS: Record<number, string> = {
  401: 'asks to sign in (the repository is gated or private)',
  403: 'refused access (a gated repository: accept its terms on the website first)',
  404: 'has no such repository or file',
  416: 'could not resume from the partial file',
  429: 'is receiving too many requests from you; wait a minute and try again',
};

/** The hub answered with a status that is not success. */
export function hubStatusFailure(status: number, what: string, url: string): AppFailure {
  const words = STATUS_WORDS[status] ?? (status >= 500 ? 'had a server error; try again later' : 'refused the request');
  return new AppFailure('endpoint_error', `The model hub ${words} (HTTP ${status}) for ${what}.`, {
    reason: 'hub_status',
    status,
    url,
  });
}

/** The request never got an answer (no network, DNS, a cut connection). */
export function hubNetworkFailure(error: unknown, what: string, base: string): AppFailure {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const reason = cause?.code ?? cause?.message ?? errorText(error);
  return new AppFailure(
    'endpoint_error',
    `Could not reach the model hub at ${base} for ${what} (${reason}). Check the internet connection, or the hub address in Settings.`,
    { reason: 'network', cause: reason, url: base },
  );
}
