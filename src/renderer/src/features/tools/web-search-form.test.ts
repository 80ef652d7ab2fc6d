import { describe, expect, it } from 'vitest';
import { defaultWebSearchSettings } from '@shared/tools/web-search/web-search-settings';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import { likelySearchTool, mcpChoices, setWebSearch, webSearchSettings } from './web-search-form';

const server = (name: string, state: McpServerStatus['state'], tools: string[]) =>
  ({ name, state, tools: tools.map((tool) => ({ name: tool, description: '', readOnly: true })) }) as McpServerStatus;

describe('web search form', () => {
  it('keeps a saved MCP server and tool as choices while the server is down or lost the tool', () => {
    const form = { ...defaultWebSearchSettings(), provider: 'mcp' as const, mcpServer: 'exa', mcpTool: 'search' };
    expect(mcpChoices([server('git', 'ready', ['log'])], form)).toEqual([
      { name: 'git', ready: true, tools: ['log'] },
      { name: 'exa', ready: false, tools: ['search'] },
    ]);
    expect(mcpChoices([server('exa', 'error', ['other'])], form)).toEqual([
      { name: 'exa', ready: false, tools: ['other', 'search'] },
    ]);
  });

  it('forgets the tool when another server is chosen, and prefers a tool named like search', () => {
    const form = { ...defaultWebSearchSettings(), mcpServer: 'a', mcpTool: 't' };
    expect(setWebSearch(form, { mcpServer: 'b' }).mcpTool).toBe('');
    expect(setWebSearch(form, { provider: 'brave' })).toMatchObject({ mcpServer: 'a', mcpTool: 't' });
    expect(likelySearchTool(['fetch', 'web_search_exa'])).toBe('web_search_exa');
    expect(likelySearchTool(['fetch'])).toBe('fetch');
  });

  it('checks only the chosen provider’s fields and trims them', () => {
    const base = { ...defaultWebSearchSettings(), searxngUrl: 'nope' };
    expect(webSearchSettings({ ...base, provider: 'brave' })).toMatchObject({ ok: true });
    expect(webSearchSettings({ ...base, provider: 'searxng' })).toEqual({
      ok: false,
      errors: { searxngUrl: { key: 'tools.webSearch.error.url' } },
    });
    expect(webSearchSettings({ ...base, provider: 'searxng', searxngUrl: ' http://10.0.0.2:8888 ' })).toMatchObject({
      ok: true,
      value: { searxngUrl: 'http://10.0.0.2:8888' },
    });
  });
});
