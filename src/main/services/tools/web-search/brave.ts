// Brave Search's web API: `GET /res/v1/web/search?q=…&count=…` with the key in
// `X-Subscription-Token`. Its snippets mark the matched words with <strong>.
import { collectResults, toResult, type SearchResult } from './search-result';
import type { HttpSearchRequest } from './http-search';

export const BRAVE_ENDPOINT = 'https://api.search.brave.com/res/v1/web/search';

export function braveRequest(endpoint: string, apiKey: string, query: string, count: number): HttpSearchRequest {
  const url = new URL(endpoint);
  url.searchParams.set('q', query);
  url.searchParams.set('count', String(count));
  return {
    url: url.href,
    method: 'GET',
    headers: { Accept: 'application/json', 'X-Subscription-Token': apiKey },
  };
}

/** `web.results`; an answer of type "search" without `web` found nothing. */
export function parseBrave(body: unknown, count: number): SearchResult[] | null {
  const answer = body as { type?: unknown; web?: { results?: unknown } } | null;
  if (answer && typeof answer === 'object' && answer.web === undefined && answer.type === 'search') return [];
  return collectResults(answer?.web?.results, count, (item) => toResult(item.title, item.url, item.description));
}

export function explainBraveStatus(status: number): string | null {
  if (status === 422) return 'Brave refused the request, most often because the subscription token is not valid';
  return null;
}
