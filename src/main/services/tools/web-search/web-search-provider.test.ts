// web_search as the registry sees it: offered only while its provider can work,
// asking by default with a card that names where the query goes, and every
// failure (HTTP status, bad JSON, timeout, no connection, Stop) a sentence.
// HTTP goes to a stand-in fetch here; web-search.integration.test.ts uses real servers.
import { describe, expect, it } from 'vitest';
import { defaultWebSearchSettings, type WebSearchSettings } from '@shared/tools/web-search/web-search-settings';
import type { ToolDescriptor, ToolPolicy, ToolRunResult } from '@shared/tools/tool-types';
import { ToolRegistry, type ProviderCall } from '../tool-registry';
import { webSearchProvider, type WebSearchDeps } from './web-search-provider';

interface Sent {
  url: string;
  init: RequestInit;
}

function setup(settings: Partial<WebSearchSettings>, answer: (sent: Sent) => Promise<Response> | Response) {
  let current = settings;
  const sent: Sent[] = [];
  const keys: Record<string, string> = { brave: 'BSA-secret' };
  const mcpCalls: ProviderCall[] = [];
  const mcpTools: ToolDescriptor[] = [];
  let mcpAnswer: ToolRunResult = { status: 'ok', output: '[]', durationMs: 1 };
  const policies: Record<string, ToolPolicy> = {};
  const deps: WebSearchDeps = {
    settings: () => ({ ...defaultWebSearchSettings(), ...current }),
    hasKey: (provider) => provider in keys,
    key: async (provider) => keys[provider] ?? null,
    tools: {
      descriptors: () => mcpTools,
      run: async (call) => {
        mcpCalls.push(call);
        return mcpAnswer;
      },
    },
    fetch: async (url, init) => {
      const request = { url: String(url), init: init ?? {} };
      sent.push(request);
      return answer(request);
    },
    policies: () => ({ policies }),
    timeoutMs: 50,
  };
  const provider = webSearchProvider(deps);
  const run = (args: Record<string, unknown>, signal?: AbortSignal) =>
    provider.run({ name: 'web_search', args, workspaceDir: '/w', signal });
  return {
    provider,
    run,
    sent,
    keys,
    mcpCalls,
    mcpTools,
    policies,
    answerMcp: (r: ToolRunResult) => (mcpAnswer = r),
    configure: (next: Partial<WebSearchSettings>) => (current = next),
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const braveBody = { type: 'search', web: { results: [{ title: 'T', url: 'https://t.example', description: 'd' }] } };

describe('web_search on offer', () => {
  it('is not offered without a provider, nor with a keyed provider whose key is missing', () => {
    expect(setup({}, () => json({})).provider.descriptors()).toEqual([]);
    const tavily = setup({ provider: 'tavily' }, () => json({}));
    expect(tavily.provider.descriptors()).toEqual([]);
    tavily.keys.tavily = 'tvly-x';
    expect(tavily.provider.descriptors().map((tool) => tool.name)).toEqual(['web_search']);
  });

  it('leaves the registry without web_search until a provider is set up', () => {
    const registry = new ToolRegistry();
    const h = setup({}, () => json({}));
    registry.setProvider('web-search', h.provider);
    expect(registry.descriptors().map((tool) => tool.name)).toEqual([]);
    h.configure({ provider: 'searxng', searxngUrl: 'https://search.example.org' });
    expect(registry.descriptors().map((tool) => tool.name)).toEqual(['web_search']);
    h.configure({ provider: 'none', searxngUrl: 'https://search.example.org' });
    expect(registry.descriptors()).toEqual([]);
  });

  it('asks by default, and the card names the service and the host that get the query', () => {
    const { provider } = setup({ provider: 'brave' }, () => json({}));
    expect(provider.descriptors()[0]).toMatchObject({ defaultPolicy: 'ask', risk: 'read', source: 'builtin' });
    expect(provider.describeCall?.({ name: 'web_search', args: { query: ' cats ', count: 3 } })).toBe(
      'Search the web for "cats" (up to 3 results). The query is sent to Brave Search at api.search.brave.com.',
    );
    const searx = setup({ provider: 'searxng', searxngUrl: 'http://10.0.0.5:8080/searx' }, () => json({}));
    expect(searx.provider.describeCall?.({ name: 'web_search', args: { query: 'x' } })).toContain(
      'SearXNG at 10.0.0.5:8080',
    );
    const mcp = setup({ provider: 'mcp', mcpServer: 'exa', mcpTool: 'web_search_exa' }, () => json({}));
    expect(mcp.provider.describeCall?.({ name: 'web_search', args: { query: 'x' } })).toContain(
      'the MCP server "exa" (its tool "web_search_exa")',
    );
  });
});

describe('web_search calls', () => {
  it('sends the sealed key, keeps the count within 1–10 and lists the results', async () => {
    const { run, sent } = setup({ provider: 'brave' }, () => json(braveBody));
    const result = await run({ query: 'cats', count: 50 });
    expect(new URL(sent[0]!.url).searchParams.get('count')).toBe('10');
    expect((sent[0]!.init.headers as Record<string, string>)['X-Subscription-Token']).toBe('BSA-secret');
    expect(result).toMatchObject({ status: 'ok', details: { provider: 'brave', results: 1 } });
    expect(result.output).toBe('Web search (Brave Search) for "cats": 1 result\n\n1. T\n   https://t.example\n   d');
    await run({ query: 'cats' });
    expect(new URL(sent[1]!.url).searchParams.get('count')).toBe('5');
  });

  it('says which HTTP status came back and what it means, without the key', async () => {
    const { run } = setup({ provider: 'brave' }, () => new Response('bad token BSA-secret', { status: 401 }));
    const result = await run({ query: 'cats' });
    expect(result).toMatchObject({ status: 'error', error: { code: 'tool_failed', details: { status: 401 } } });
    expect(result.error?.message).toBe(
      'Brave Search (api.search.brave.com) answered HTTP 401 (the API key was refused; set a new one in the Tools panel): bad token [key]',
    );
  });

  it('says so when the answer is not JSON, or JSON without results', async () => {
    const html = setup(
      { provider: 'searxng', searxngUrl: 'https://s.example' },
      () => new Response('<html><body>Welcome</body></html>', { headers: { 'content-type': 'text/html' } }),
    );
    expect((await html.run({ query: 'x' })).error?.message).toBe(
      'SearXNG (s.example) did not answer with JSON (text/html): Welcome',
    );
    const shapeless = setup({ provider: 'searxng', searxngUrl: 'https://s.example' }, () => json({ hello: 1 }));
    expect((await shapeless.run({ query: 'x' })).error?.message).toBe(
      'SearXNG (s.example) answered JSON without a list of results: {"hello":1}',
    );
  });

  it('ends a search that gets no answer as a timeout, and one the user stops as stopped', async () => {
    const hang = (sent: Sent) =>
      new Promise<Response>((_, reject) =>
        sent.init.signal?.addEventListener('abort', () => reject(sent.init.signal?.reason)),
      );
    const slow = setup({ provider: 'searxng', searxngUrl: 'https://s.example' }, hang);
    expect(await slow.run({ query: 'x' })).toMatchObject({
      status: 'timeout',
      error: { code: 'timeout', message: 'SearXNG (s.example) did not answer within 50 ms' },
    });
    const stop = new AbortController();
    const stopped = slow.run({ query: 'x' }, stop.signal);
    stop.abort();
    expect(await stopped).toMatchObject({ status: 'stopped', error: { code: 'stopped' } });
  });

  it('names the network failure, and refuses an empty query or a call while nothing is set up', async () => {
    const refused = setup({ provider: 'searxng', searxngUrl: 'http://127.0.0.1:9' }, () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    });
    expect(await refused.run({ query: 'x' })).toMatchObject({
      status: 'error',
      error: {
        message: 'could not reach SearXNG (127.0.0.1:9): connect ECONNREFUSED',
        details: { reason: 'connection_refused' },
      },
    });
    expect((await refused.run({ query: '  ' })).error).toMatchObject({ code: 'invalid_arguments' });
    const none = setup({}, () => json({}));
    expect((await none.run({ query: 'x' })).error?.message).toContain('web search is not set up');
  });

  it('calls the chosen MCP tool with its own argument names and lists its results', async () => {
    const h = setup({ provider: 'mcp', mcpServer: 'exa', mcpTool: 'find' }, () => json({}));
    expect((await h.run({ query: 'x' })).error?.message).toContain('does not offer a tool "find" now');
    h.mcpTools.push({
      name: 'exa@find',
      description: '',
      parameters: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } } },
      risk: 'read',
      defaultPolicy: 'ask',
      enabledByDefault: true,
      source: 'mcp',
    });
    h.answerMcp({
      status: 'ok',
      output: JSON.stringify({ results: [{ title: 'A', url: 'https://a.example' }] }),
      durationMs: 1,
    });
    // A Deny on the MCP tool holds through web_search too, and on its server's wildcard.
    for (const denied of ['exa@find', 'exa@*']) {
      h.policies[denied] = 'deny';
      expect((await h.run({ query: 'x' })).error?.message).toContain('is set to Deny in the Tools panel');
      delete h.policies[denied];
    }
    expect(h.mcpCalls).toHaveLength(0);
    const result = await h.run({ query: 'x', count: 2 });
    expect(h.mcpCalls.at(-1)).toMatchObject({ name: 'exa@find', args: { q: 'x', limit: 2 }, workspaceDir: '/w' });
    expect(result.output).toBe(
      'Web search (MCP server "exa", tool "find") for "x": 1 result\n\n1. A\n   https://a.example',
    );
    h.answerMcp({
      status: 'error',
      output: '',
      error: { code: 'mcp_unavailable', message: 'not connected' },
      durationMs: 1,
    });
    expect(await h.run({ query: 'x' })).toMatchObject({
      status: 'error',
      error: {
        code: 'mcp_unavailable',
        message: 'the search through MCP server "exa", tool "find" failed: not connected',
      },
    });
  });
});
