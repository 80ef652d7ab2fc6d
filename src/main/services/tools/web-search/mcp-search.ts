// A search tool of one of the user's MCP servers behind `web_search`. Search
// servers name their arguments differently (`query`, `q`; `count`,
// `max_results`, `limit`), so the query and count go to whichever names the
// tool's input schema has. The answer is read as JSON results when it is JSON
// shaped like a result list, and passed on as the tool's own text otherwise.
import type { JsonSchema, ToolRunResult } from '@shared/tools/tool-types';
import { collectResults, formatResults, toResult, type SearchResult } from './search-result';

const QUERY_NAMES = ['query', 'q', 'search', 'search_query', 'searchQuery', 'text', 'keywords'];
const COUNT_NAMES = ['count', 'max_results', 'maxResults', 'num_results', 'numResults', 'limit', 'n', 'top_k'];

type Property = { type?: unknown; maximum?: unknown };

/** The arguments for the tool, or why it cannot take a query. */
export function mcpSearchArgs(
  parameters: JsonSchema,
  query: string,
  count: number,
): { ok: true; args: Record<string, unknown> } | { ok: false; message: string } {
  const properties = (parameters.properties ?? {}) as Record<string, Property>;
  const required = Array.isArray(parameters.required) ? (parameters.required as unknown[]) : [];
  const isText = (name: string) => properties[name]?.type === 'string' || properties[name]?.type === undefined;
  const names = Object.keys(properties);
  const queryName =
    QUERY_NAMES.find((name) => name in properties && isText(name)) ??
    names.find((name) => required.includes(name) && properties[name]?.type === 'string') ??
    names.find((name) => properties[name]?.type === 'string');
  if (!queryName) return { ok: false, message: 'its input has no text argument to put the query in' };
  const args: Record<string, unknown> = { [queryName]: query };
  const countName = COUNT_NAMES.find(
    (name) => properties[name]?.type === 'integer' || properties[name]?.type === 'number',
  );
  if (countName) {
    const maximum = properties[countName]?.maximum;
    args[countName] = typeof maximum === 'number' ? Math.min(count, maximum) : count;
  }
  return { ok: true, args };
}

const pickResult = (item: Record<string, unknown>): SearchResult | null =>
  toResult(
    item.title ?? item.name,
    item.url ?? item.link ?? item.href,
    item.snippet ?? item.content ?? item.description ?? item.text,
  );

/** Results from a JSON answer (a list, or one under `results`, `web.results`, `organic`), or null. */
export function resultsFromText(text: string, count: number): SearchResult[] | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const object = (body ?? {}) as { results?: unknown; web?: { results?: unknown }; organic?: unknown };
  const list = Array.isArray(body) ? body : (object.results ?? object.web?.results ?? object.organic);
  const results = collectResults(list, count, pickResult);
  return results && results.length > 0 ? results : null;
}

/** The MCP tool's answer as the web_search output: a numbered list when it gave results as JSON, else its text. */
export function mcpSearchOutput(serviceName: string, query: string, result: ToolRunResult, count: number): string {
  const results = resultsFromText(result.output.trim(), count);
  if (results) return formatResults(serviceName, query, results);
  const text = result.output.trim();
  return text === '' ? formatResults(serviceName, query, []) : `Web search (${serviceName}) for "${query}":\n\n${text}`;
}
