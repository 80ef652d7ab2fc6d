// A URL fetched the way web_fetch does it: the guard before every request (the
// first and each redirect target), redirects followed by hand up to a limit,
// one deadline for the whole fetch, and the body cut at the byte cap.
import type { IncomingHttpHeaders } from 'node:http';
import { httpGet } from './http-get';
import { parseFetchUrl, vetUrl, type GuardOptions, type GuardRule } from './url-guard';

export interface FetchLimits {
  maxBytes: number;
  /** the whole fetch: every redirect and the body */
  timeoutMs: number;
  maxRedirects: number;
}

/** What came back from the last request. */
export interface FetchedPage {
  finalUrl: string;
  /** the URLs redirected to, in order (the last is finalUrl) */
  redirects: string[];
  status: number;
  statusText: string;
  contentType: string | null;
  body: Buffer;
  truncated: boolean;
  /** from the first request to the body's end */
  ms: number;
}

/** Why nothing usable came back; `code` is the tool error code it becomes. */
export interface FetchFailure {
  code: 'invalid_arguments' | 'blocked_address' | 'fetch_failed' | 'timeout' | 'stopped';
  message: string;
  /** the guard rule, for a refusal */
  rule?: GuardRule;
}

export interface FetchDeps {
  guard: GuardOptions;
  limits: FetchLimits;
  /** Stop */
  signal?: AbortSignal;
  now?: () => number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class DeadlinePassed extends Error {}

function locationOf(status: number, headers: IncomingHttpHeaders): string | null {
  return REDIRECTS.has(status) && typeof headers.location === 'string' && headers.location !== ''
    ? headers.location
    : null;
}

/** Rejects as soon as the signal aborts: a system lookup cannot be cancelled, but it need not be waited for. */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export async function fetchUrl(
  text: string,
  deps: FetchDeps,
): Promise<{ ok: true; page: FetchedPage } | { ok: false; failure: FetchFailure }> {
  const now = deps.now ?? (() => performance.now());
  const { limits } = deps;
  const parsed = parseFetchUrl(text);
  if (!parsed.ok)
    return { ok: false, failure: { code: 'invalid_arguments', message: parsed.reason, rule: parsed.rule } };
  const started = now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DeadlinePassed()), limits.timeoutMs);
  const signal = deps.signal ? AbortSignal.any([deps.signal, deadline.signal]) : deadline.signal;
  const redirects: string[] = [];
  let url = parsed.url;
  try {
    for (;;) {
      const verdict = await unlessAborted(vetUrl(url, deps.guard), signal);
      if (!verdict.ok) {
        const where = redirects.length > 0 ? `the redirect to ${url.href} was refused` : `${url.href} was refused`;
        const code = verdict.rule === 'no_address' ? 'fetch_failed' : 'blocked_address';
        return { ok: false, failure: { code, message: `${where}: ${verdict.reason}`, rule: verdict.rule } };
      }
      const answer = await httpGet({
        url,
        addresses: verdict.addresses,
        maxBytes: limits.maxBytes,
        readBody: (status, headers) => locationOf(status, headers) === null,
        signal,
      });
      const location = locationOf(answer.status, answer.headers);
      if (location === null) {
        const type = answer.headers['content-type'];
        const page: FetchedPage = {
          finalUrl: url.href,
          redirects,
          status: answer.status,
          statusText: answer.statusText,
          contentType: typeof type === 'string' && type.trim() !== '' ? type.trim() : null,
          body: answer.body,
          truncated: answer.truncated,
          ms: now() - started,
        };
        return { ok: true, page };
      }
      if (redirects.length >= limits.maxRedirects)
        return {
          ok: false,
          failure: {
            code: 'fetch_failed',
            message: `${url.href} redirects again after ${limits.maxRedirects} redirects, the most that are followed`,
          },
        };
      const next = parseFetchUrl(URL.canParse(location, url) ? new URL(location, url).href : location);
      if (!next.ok)
        return {
          ok: false,
          failure: {
            code: 'blocked_address',
            message: `${url.href} redirects to a URL that is not fetched: ${next.reason}`,
          },
        };
      url = next.url;
      redirects.push(url.href);
    }
  } catch (error) {
    if (deadline.signal.aborted)
      return {
        ok: false,
        failure: { code: 'timeout', message: `${url.href} did not finish within ${limits.timeoutMs / 1000} s` },
      };
    if (deps.signal?.aborted) return { ok: false, failure: { code: 'stopped', message: 'the user stopped the fetch' } };
    const reason = (error as NodeJS.ErrnoException).code ?? '';
    const said = (error as Error).message;
    return {
      ok: false,
      failure: {
        code: 'fetch_failed',
        message: `${url.href} could not be fetched: ${said}${reason && !said.includes(reason) ? ` (${reason})` : ''}`,
      },
    };
  } finally {
    clearTimeout(timer);
  }
}
