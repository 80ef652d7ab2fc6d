// web_search end to end on real parts: the settings store and the secret store on
// disk, the tool registry, local HTTP stand-ins of SearXNG, Brave Search and
// Tavily (each checks the path, method and key header its API needs), a real
// stdio MCP server with search tools, and finally the whole core, where the
// tool is not offered until a provider is set up.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import type { WebSearchSettings } from '@shared/tools/web-search/web-search-settings';
import { startSearchStandIns, type SearchStandIns } from '@test-support/http/search-stand-ins';
import { FAST_TIMING, waitFor } from '@test-support/mcp/mcp-harness';
import { createTestCore } from '@test-support/test-core';
import { openMcpManager, type McpManager } from '../../mcp/mcp-manager';
import { memoryLifecycle } from '../../process/process-lifecycle';
import { localKeyFileCipher } from '../../secrets/secret-cipher';
import { openSecretStore } from '../../secrets/secret-store';
import { openSettingsStore, type SettingsStore } from '../../settings/settings-store';
import { ToolRegistry } from '../tool-registry';
import { openWebSearch } from './web-search-module';

const SEARCH_SERVER = fileURLToPath(new URL('../../../../test-support/mcp/search-test-server.ts', import.meta.url));
const KEYS = { brave: 'BSA-sealed-brave-1', tavily: 'tvly-sealed-tavily-2' };

let dir: string;
let standIns: SearchStandIns;
let settings: SettingsStore;
let registry: ToolRegistry;
let web: ReturnType<typeof openWebSearch>;
let mcp: McpManager;
let statuses: McpServerStatus[] = [];

const offered = () => registry.descriptors().map((tool) => tool.name);
const search = (args: Record<string, unknown>) => registry.run({ name: 'web_search', args, workspaceDir: dir });
const configure = (change: Partial<WebSearchSettings>) =>
  settings.update((current) => ({ tools: { webSearch: { ...current.tools.webSearch, ...change } } }));
const lastRequest = () => standIns.requests.at(-1)!;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-web-search-'));
  standIns = await startSearchStandIns(KEYS);
  settings = await openSettingsStore(dir, () => {});
  const secrets = await openSecretStore(join(dir, 'secrets.json'), await localKeyFileCipher(join(dir, 'secret.key')));
  registry = new ToolRegistry();
  const endpoints = { brave: standIns.braveEndpoint, tavily: standIns.tavilyEndpoint };
  web = openWebSearch({ settings, secrets, registry, endpoints, timeoutMs: 1_000 });
  mcp = await openMcpManager({
    dataDir: dir,
    tools: registry,
    onStatus: (servers) => (statuses = servers),
    launch: memoryLifecycle().launch,
    timing: FAST_TIMING,
  });
});

afterAll(async () => {
  await mcp?.dispose();
  await web?.dispose();
  await standIns?.close();
});

describe('web_search against local stand-ins of the search APIs', () => {
  it('is not offered with no provider, nor with Brave chosen before its key is set', async () => {
    expect(settings.get().tools.webSearch.provider).toBe('none');
    expect(offered()).not.toContain('web_search');
    await configure({ provider: 'brave' });
    expect(offered()).not.toContain('web_search');
    expect(await web.handlers['web-search:keys'](undefined)).toMatchObject({ keys: { brave: false, tavily: false } });
  });

  it('SearXNG stand-in: GET <instance>/search?q=…&format=json, results numbered', async () => {
    await configure({ provider: 'searxng', searxngUrl: standIns.searxngUrl });
    expect(offered()).toContain('web_search');
    const result = await search({ query: 'llama.cpp', count: 1 });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      path: '/searx/search',
      query: { q: 'llama.cpp', format: 'json' },
    });
    expect(result).toMatchObject({ status: 'ok' });
    expect(result.output).toBe(
      'Web search (SearXNG) for "llama.cpp": 1 result\n\n1. SearXNG one: llama.cpp\n   https://searx.example/one\n   first & best',
    );
  });

  it('Brave stand-in: the key sealed through web-search:set-key travels as X-Subscription-Token', async () => {
    await configure({ provider: 'brave' });
    const keys = await web.handlers['web-search:set-key']({ provider: 'brave', apiKey: KEYS.brave });
    expect(keys).toMatchObject({ keys: { brave: true, tavily: false }, protection: 'local-key-file' });
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).not.toContain(KEYS.brave);
    expect(JSON.stringify(settings.get())).not.toContain(KEYS.brave);
    expect(offered()).toContain('web_search');

    const result = await search({ query: 'rust', count: 3 });
    const sent = lastRequest();
    expect(sent).toMatchObject({ method: 'GET', path: '/brave/res/v1/web/search', query: { q: 'rust', count: '3' } });
    expect(sent.headers['x-subscription-token']).toBe(KEYS.brave);
    expect(result.status).toBe('ok');
    expect(result.output.split('\n')[0]).toBe('Web search (Brave Search) for "rust": 3 results');
    expect(result.output).toContain('1. Brave rust 1\n   https://brave.example/1\n   snippet 1');
  });

  it('Brave stand-in: a refused key is an HTTP 401 sentence, and a removed key takes the tool away', async () => {
    await web.handlers['web-search:set-key']({ provider: 'brave', apiKey: 'BSA-wrong' });
    const refused = await search({ query: 'rust' });
    expect(refused).toMatchObject({ status: 'error', error: { code: 'tool_failed', details: { status: 401 } } });
    expect(refused.error?.message).toMatch(
      /^Brave Search \(127\.0\.0\.1:\d+\) answered HTTP 401 \(the API key was refused/,
    );
    await web.handlers['web-search:set-key']({ provider: 'brave', apiKey: null });
    expect(offered()).not.toContain('web_search');
  });

  it('Tavily stand-in: POST /search with { query, max_results } and the key as a bearer token', async () => {
    await web.handlers['web-search:set-key']({ provider: 'tavily', apiKey: KEYS.tavily });
    await configure({ provider: 'tavily' });
    const result = await search({ query: 'gguf', count: 2 });
    const sent = lastRequest();
    expect(sent).toMatchObject({ method: 'POST', path: '/tavily/search' });
    expect(sent.headers.authorization).toBe(`Bearer ${KEYS.tavily}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual({ query: 'gguf', max_results: 2 });
    expect(result.output).toBe(
      'Web search (Tavily) for "gguf": 2 results\n\n1. Tavily 1\n   https://tavily.example/1\n   about gguf\n\n2. Tavily 2\n   https://tavily.example/2\n   about gguf',
    );
  });

  it('ends a search whose server never answers as a timeout', async () => {
    await configure({ provider: 'searxng', searxngUrl: standIns.hangUrl });
    expect(await search({ query: 'slow' })).toMatchObject({
      status: 'timeout',
      error: { code: 'timeout', message: expect.stringMatching(/did not answer within 1 s$/) },
    });
  });
});

describe('web_search through a real MCP server', () => {
  it('calls the chosen tool with its own argument names and lists its JSON results', async () => {
    await mcp.save({ mcpServers: { finder: { command: process.execPath, args: ['--import', 'tsx', SEARCH_SERVER] } } });
    await waitFor(() => statuses.find((s) => s.name === 'finder')?.state === 'ready', 'the search server to be ready');
    await configure({ provider: 'mcp', mcpServer: 'finder', mcpTool: 'search' });
    expect(offered()).toContain('web_search');
    const result = await search({ query: 'otters', count: 5 });
    expect(result.status).toBe('ok');
    // The tool caps max_results at 3; the query went in as `q`.
    expect(result.output).toBe(
      [
        'Web search (MCP server "finder", tool "search") for "otters": 3 results',
        '',
        '1. Result 1 for otters\n   https://mcp.example/1\n   args {"q":"otters","max_results":3}',
        '',
        '2. Result 2 for otters\n   https://mcp.example/2\n   args {"q":"otters","max_results":3}',
        '',
        '3. Result 3 for otters\n   https://mcp.example/3\n   args {"q":"otters","max_results":3}',
      ].join('\n'),
    );
  });

  it('passes a plain-text answer on, and says so when the server does not offer the tool', async () => {
    await configure({ mcpTool: 'notes' });
    expect((await search({ query: 'otters' })).output).toBe(
      'Web search (MCP server "finder", tool "notes") for "otters":\n\nNo index here; you asked for otters.',
    );
    await configure({ mcpTool: 'missing' });
    expect(await search({ query: 'otters' })).toMatchObject({
      status: 'error',
      error: { message: expect.stringContaining('the MCP server "finder" does not offer a tool "missing" now') },
    });
  });
});

describe('web_search in the core', () => {
  it('is not in tools:list or the tools prompt until a provider is set up', async () => {
    const core = await createTestCore(await mkdtemp(join(tmpdir(), 'eva-web-search-core-')));
    try {
      const names = async () => (await core.handlers['tools:list'](undefined)).tools.map((tool) => tool.name);
      expect(await names()).not.toContain('web_search');
      expect((await core.handlers['agent:tools-prompt'](undefined)).offered).not.toContain('web_search');
      const webSearch = { provider: 'searxng' as const, searxngUrl: standIns.searxngUrl, mcpServer: '', mcpTool: '' };
      await core.handlers['settings:update']({ tools: { webSearch } });
      expect(await names()).toContain('web_search');
      expect((await core.handlers['agent:tools-prompt'](undefined)).offered).toContain('web_search');
    } finally {
      await core.dispose();
    }
  });
});
