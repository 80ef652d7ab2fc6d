// One search request to an HTTP API, ending as results or as a sentence that
// says what went wrong (the HTTP status and what it likely means, a timeout,
// an answer that is not JSON or has no results list), never as a throw.
import { networkReason } from '@shared/error-causes';
import { errorText } from '@shared/errors';
import { toolError, type ToolError, type ToolRunStatus } from '@shared/tools/tool-types';
import { plainText, type SearchResult } from './search-result';

/** What to send: built by each provider from the query (searxng.ts, brave.ts, tavily.ts). */
export interface HttpSearchRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface HttpSearchCall {
  /** the service's name and host, for the sentences: `Brave Search (api.search.brave.com)` */
  service: string;
  request: HttpSearchRequest;
  /** the results, or null when the JSON is not shaped as this service answers */
  parse: (body: unknown) => SearchResult[] | null;
  /** what an HTTP error status means for this service, when it means something particular */
  explainStatus?: (status: number) => string | null;
  /** a secret that must not appear in an error sentence (an API echoing the key back) */
  secret?: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
  fetch: typeof fetch;
}

export type SearchOutcome =
  { ok: true; results: SearchResult[] } | { ok: false; status: Exclude<ToolRunStatus, 'ok'>; error: ToolError };

const duration = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

const fail = (status: Exclude<ToolRunStatus, 'ok'>, error: ToolError): SearchOutcome => ({ ok: false, status, error });

/** What any service's status means, when its own explanation has nothing to add. */
function commonMeaning(status: number): string | null {
  if (status === 401 || status === 403) return 'the API key was refused; set a new one in the Tools panel';
  if (status === 429) return 'too many requests, or the plan’s quota is used up; try again later';
  if (status >= 500) return 'the service failed on its side; try again later';
  return null;
}

export async function runHttpSearch(call: HttpSearchCall): Promise<SearchOutcome> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  const hide = (text: string) => (call.secret ? text.replaceAll(call.secret, '[key]') : text);
  let response: Response;
  let text: string;
  try {
    const { url, method, headers, body } = call.request;
    response = await call.fetch(url, { method, headers, body, signal, redirect: 'follow' });
    text = await response.text();
  } catch (error) {
    if (call.signal?.aborted) return fail('stopped', toolError('stopped', 'stopped by the user'));
    if (timeout.aborted)
      return fail('timeout', toolError('timeout', `${call.service} did not answer within ${duration(call.timeoutMs)}`));
    const reason = networkReason(error);
    const cause = (error as { cause?: unknown }).cause;
    const why = cause instanceof Error && cause.message ? cause.message : errorText(error);
    return fail(
      'error',
      toolError('tool_failed', `could not reach ${call.service}: ${hide(why)}`, reason ? { reason } : undefined),
    );
  }
  const excerpt = hide(plainText(text, 200));
  if (!response.ok) {
    const meaning = call.explainStatus?.(response.status) ?? commonMeaning(response.status);
    return fail(
      'error',
      toolError(
        'tool_failed',
        `${call.service} answered HTTP ${response.status}${meaning ? ` (${meaning})` : ''}${excerpt ? `: ${excerpt}` : ''}`,
        { status: response.status },
      ),
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const type = response.headers.get('content-type') ?? 'no content type';
    return fail(
      'error',
      toolError('tool_failed', `${call.service} did not answer with JSON (${type})${excerpt ? `: ${excerpt}` : ''}`, {
        status: response.status,
      }),
    );
  }
  const results = call.parse(body);
  if (!results)
    return fail(
      'error',
      toolError(
        'tool_failed',
        `${call.service} answered JSON without a list of results: ${hide(plainText(JSON.stringify(body), 200))}`,
      ),
    );
  return { ok: true, results };
}
