// An MCP search tool behind web_search: the query and count go to the names its
// schema uses, and its answer is read as JSON results or passed on as text.
import { describe, expect, it } from 'vitest';
import { mcpSearchArgs, mcpSearchOutput, resultsFromText } from './mcp-search';

describe('MCP search arguments', () => {
  it('puts the query and count under the names the tool declares, within its maximum', () => {
    expect(
      mcpSearchArgs(
        { type: 'object', properties: { q: { type: 'string' }, max_results: { type: 'integer', maximum: 3 } } },
        'cats',
        5,
      ),
    ).toEqual({ ok: true, args: { q: 'cats', max_results: 3 } });
    expect(mcpSearchArgs({ type: 'object', properties: { query: { type: 'string' } } }, 'cats', 5)).toEqual({
      ok: true,
      args: { query: 'cats' },
    });
  });

  it('falls back to the required text argument, and says so when there is none', () => {
    const schema = {
      type: 'object',
      properties: { lang: { type: 'string' }, terms: { type: 'string' }, count: { type: 'number' } },
      required: ['terms'],
    };
    expect(mcpSearchArgs(schema, 'dogs', 4)).toEqual({ ok: true, args: { terms: 'dogs', count: 4 } });
    expect(mcpSearchArgs({ type: 'object', properties: { n: { type: 'integer' } } }, 'x', 1)).toEqual({
      ok: false,
      message: 'its input has no text argument to put the query in',
    });
  });
});

describe('MCP search output', () => {
  const ran = (output: string) => ({ status: 'ok' as const, output, durationMs: 1 });

  it('reads JSON results from a list, `results` or `web.results`, with its usual field names', () => {
    const list = [{ name: 'One', link: 'https://one.example', description: 'first' }];
    expect(resultsFromText(JSON.stringify(list), 5)).toEqual([
      { title: 'One', url: 'https://one.example', snippet: 'first' },
    ]);
    expect(resultsFromText(JSON.stringify({ results: [{ title: 'T', url: 'https://t.example' }] }), 5)).toEqual([
      { title: 'T', url: 'https://t.example', snippet: '' },
    ]);
    expect(resultsFromText(JSON.stringify({ web: { results: [{ url: 'https://w.example' }] } }), 5)).toHaveLength(1);
    expect(resultsFromText('not json', 5)).toBeNull();
    expect(resultsFromText('{"answer":"42"}', 5)).toBeNull();
  });

  it('numbers JSON results and passes any other text on under the service line', () => {
    expect(mcpSearchOutput('MCP server "s", tool "t"', 'q', ran('[{"title":"A","url":"https://a.example"}]'), 5)).toBe(
      'Web search (MCP server "s", tool "t") for "q": 1 result\n\n1. A\n   https://a.example',
    );
    expect(mcpSearchOutput('S', 'q', ran('  1. Something\n  https://x.example  '), 5)).toBe(
      'Web search (S) for "q":\n\n1. Something\n  https://x.example',
    );
    expect(mcpSearchOutput('S', 'q', ran(''), 5)).toBe('Web search (S) for "q": no results.');
  });
});
