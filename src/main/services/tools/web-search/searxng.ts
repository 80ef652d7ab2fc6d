// SearXNG's JSON API: `GET <instance>/search?q=…&format=json`, no key. An
// instance answers 403 when its settings.yml does not list `json` among
// `search.formats`, which public instances often leave out.
import { collectResults, toResult, type SearchResult } from './search-result';
import type { HttpSearchRequest } from './http-search';

/** `<base>/search` keeps a path the instance lives under (`https://host/searx/search`). */
export function searxngRequest(baseUrl: string, query: string): HttpSearchRequest {
  const url = new URL('search', `${baseUrl.trim().replace(/\/+$/, '')}/`);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  return { url: url.href, method: 'GET', headers: { Accept: 'application/json' } };
}

/** SearXNG has no count parameter: its first page is cut to `count`. */
export function parseSearxng(body: unknown, count: number): SearchResult[] | null {
  const results = (body as { results?: unknown } | null)?.results;
  return collectResults(results, count, (item) => toResult(item.title, item.url, item.content));
}

export function explainSearxngStatus(status: number): string | null {
  if (status === 403)
    return 'this instance does not allow the JSON format; add "json" to search.formats in its settings.yml';
  if (status === 429) return 'the instance limits requests (its bot limiter); try again later or use another';
  return null;
}
