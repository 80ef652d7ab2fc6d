// Each provider's request as its API expects it, and its answer read into
// results: markup and entities out, entries without a URL skipped, the count kept.
import { describe, expect, it } from 'vitest';
import { BRAVE_ENDPOINT, braveRequest, explainBraveStatus, parseBrave } from './brave';
import { explainSearxngStatus, parseSearxng, searxngRequest } from './searxng';
import { TAVILY_ENDPOINT, explainTavilyStatus, parseTavily, tavilyRequest } from './tavily';
import { formatResults, plainText } from './search-result';

describe('SearXNG', () => {
  it('asks <instance>/search for JSON, keeping a path the instance lives under', () => {
    const request = searxngRequest(' https://search.example.org/searx/ ', 'rust & "async"');
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe('https://search.example.org/searx/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'rust & "async"', format: 'json' });
    expect(request).toMatchObject({ method: 'GET', headers: { Accept: 'application/json' } });
    expect(new URL(searxngRequest('http://127.0.0.1:8888', 'x').url).pathname).toBe('/search');
  });

  it('reads results (url, title, content), cut to the count, and refuses an answer without a list', () => {
    const body = {
      query: 'q',
      results: [
        { url: 'https://a.example/', title: 'A &amp; B', content: '  first\n snippet ', engine: 'ddg' },
        { title: 'no url' },
        'junk',
        { url: 'https://b.example/', title: '', content: 'second' },
        { url: 'https://c.example/', title: 'C', content: 'third' },
      ],
    };
    expect(parseSearxng(body, 2)).toEqual([
      { title: 'A & B', url: 'https://a.example/', snippet: 'first snippet' },
      { title: 'https://b.example/', url: 'https://b.example/', snippet: 'second' },
    ]);
    expect(parseSearxng({ results: [] }, 5)).toEqual([]);
    expect(parseSearxng({ error: 'x' }, 5)).toBeNull();
    expect(parseSearxng(null, 5)).toBeNull();
    expect(explainSearxngStatus(403)).toContain('search.formats');
  });
});

describe('Brave Search', () => {
  it('sends the query and count with the key in X-Subscription-Token', () => {
    const request = braveRequest(BRAVE_ENDPOINT, 'BSA-key', 'weather in Paris', 7);
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe('https://api.search.brave.com/res/v1/web/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'weather in Paris', count: '7' });
    expect(request.method).toBe('GET');
    expect(request.headers).toEqual({ Accept: 'application/json', 'X-Subscription-Token': 'BSA-key' });
    expect(request.body).toBeUndefined();
  });

  it('reads web.results with the <strong> marks taken out; a search answer without web found nothing', () => {
    const body = {
      type: 'search',
      web: {
        results: [
          {
            title: 'Paris <strong>weather</strong>',
            url: 'https://w.example/paris',
            description: 'Sunny, <b>21</b> °C',
          },
          { title: 'no link', description: 'x' },
        ],
      },
    };
    expect(parseBrave(body, 5)).toEqual([
      { title: 'Paris weather', url: 'https://w.example/paris', snippet: 'Sunny, 21 °C' },
    ]);
    expect(parseBrave({ type: 'search', query: { original: 'q' } }, 5)).toEqual([]);
    expect(parseBrave({ type: 'ErrorResponse' }, 5)).toBeNull();
    expect(explainBraveStatus(422)).toContain('subscription token');
  });
});

describe('Tavily', () => {
  it('posts { query, max_results } as JSON with the key as a bearer token', () => {
    const request = tavilyRequest(TAVILY_ENDPOINT, 'tvly-key', 'llama.cpp release', 3);
    expect(request.url).toBe('https://api.tavily.com/search');
    expect(request.method).toBe('POST');
    expect(request.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer tvly-key' });
    expect(JSON.parse(request.body ?? '')).toEqual({ query: 'llama.cpp release', max_results: 3 });
  });

  it('reads results (title, url, content) and refuses an answer without them', () => {
    const body = {
      query: 'q',
      answer: null,
      results: [
        { title: 'Release b1234', url: 'https://github.com/x/y/releases', content: 'Notes', score: 0.9 },
        { title: 'Two', url: 'https://two.example', content: 'two', score: 0.5 },
      ],
    };
    expect(parseTavily(body, 1)).toEqual([
      { title: 'Release b1234', url: 'https://github.com/x/y/releases', snippet: 'Notes' },
    ]);
    expect(parseTavily({ detail: { error: 'Unauthorized' } }, 5)).toBeNull();
    expect(explainTavilyStatus(432)).toContain('credits');
  });
});

describe('search results', () => {
  it('numbers the results under a line naming the service and the query', () => {
    const text = formatResults('Tavily', 'q', [
      { title: 'One', url: 'https://one.example', snippet: 'first' },
      { title: 'Two', url: 'https://two.example', snippet: '' },
    ]);
    expect(text).toBe(
      'Web search (Tavily) for "q": 2 results\n\n1. One\n   https://one.example\n   first\n\n2. Two\n   https://two.example',
    );
    expect(formatResults('SearXNG', 'nothing', [])).toBe('Web search (SearXNG) for "nothing": no results.');
  });

  it('caps long text and folds whitespace', () => {
    expect(plainText(`${'word '.repeat(200)}`, 20)).toHaveLength(20);
    expect(plainText('a\n\n\tb', 10)).toBe('a b');
    expect(plainText(42, 10)).toBe('');
  });
});
