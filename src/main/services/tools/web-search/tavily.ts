// Tavily's search API: `POST /search` with `{ query, max_results }` and the key
// as a bearer token.
import { collectResults, toResult, type SearchResult } from './search-result';
import type { HttpSearchRequest } from './http-search';

export const TAVILY_ENDPOINT = 'https://api.tavily.com/search';

export function tavilyRequest(endpoint: string, apiKey: string, query: string, count: number): HttpSearchRequest {
  return {
    url: new URL(endpoint).href,
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ query, max_results: count }),
  };
}

export function parseTavily(body: unknown, count: number): SearchResult[] | null {
  const results = (body as { results?: unknown } | null)?.results;
  return collectResults(results, count, (item) => toResult(item.title, item.url, item.content));
}

export function explainTavilyStatus(status: number): string | null {
  if (status === 432 || status === 433) return 'the Tavily plan’s credits or limit are used up';
  return null;
}
