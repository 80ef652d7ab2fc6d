// What every provider's answer becomes: a few results with plain-text fields of
// bounded length, and the numbered list the model and the step card read.

/** One hit, whatever service found it. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

const MAX_TITLE = 200;
const MAX_SNIPPET = 600;
const MAX_URL = 2048;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Markup out (Brave marks the matched words with <strong>), entities read, whitespace folded, length capped. */
export function plainText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const text = value
    .replace(/<[^>]{0,200}>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A result from loosely typed JSON, or null when it has no URL to cite. */
export function toResult(title: unknown, url: unknown, snippet: unknown): SearchResult | null {
  const link = typeof url === 'string' ? url.trim() : '';
  if (link === '' || link.length > MAX_URL) return null;
  return { title: plainText(title, MAX_TITLE) || link, url: link, snippet: plainText(snippet, MAX_SNIPPET) };
}

/** Each entry of `items` read by `pick`, without those it refuses, at most `count`. */
export function collectResults(
  items: unknown,
  count: number,
  pick: (item: Record<string, unknown>) => SearchResult | null,
): SearchResult[] | null {
  if (!Array.isArray(items)) return null;
  const results: SearchResult[] = [];
  for (const item of items) {
    if (results.length >= count) break;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
    const result = pick(item as Record<string, unknown>);
    if (result) results.push(result);
  }
  return results;
}

/** The tool's output: who searched, then one numbered entry per result. */
export function formatResults(providerName: string, query: string, results: readonly SearchResult[]): string {
  const head = `Web search (${providerName}) for "${query}"`;
  if (results.length === 0) return `${head}: no results.`;
  const lines = results.map((r, i) => `${i + 1}. ${r.title}\n   ${r.url}${r.snippet ? `\n   ${r.snippet}` : ''}`);
  return `${head}: ${results.length} result${results.length === 1 ? '' : 's'}\n\n${lines.join('\n\n')}`;
}
