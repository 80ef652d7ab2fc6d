// The web search settings as the settings file keeps them: only the chosen
// provider's fields must be usable, and a file from before web search gets the default.
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../default-settings';
import { mergeBySchema } from '../../merge-settings';
import { AppSettingsSchema } from '../../settings-schemas';
import { defaultWebSearchSettings, WebSearchSettingsSchema } from './web-search-settings';

const issues = (value: unknown) =>
  WebSearchSettingsSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('web search settings', () => {
  it('accept the default (no provider) and a provider with what it needs', () => {
    expect(WebSearchSettingsSchema.parse(defaultWebSearchSettings())).toEqual(defaultWebSearchSettings());
    const searxng = { ...defaultWebSearchSettings(), provider: 'searxng', searxngUrl: 'https://s.example/searx' };
    expect(WebSearchSettingsSchema.safeParse(searxng).success).toBe(true);
    const mcp = { ...defaultWebSearchSettings(), provider: 'mcp', mcpServer: 'exa', mcpTool: 'search' };
    expect(WebSearchSettingsSchema.safeParse(mcp).success).toBe(true);
    // Brave's fields are its key alone, which is not in the settings.
    expect(WebSearchSettingsSchema.safeParse({ ...defaultWebSearchSettings(), provider: 'brave' }).success).toBe(true);
  });

  it('refuse the chosen provider without a usable address or MCP tool, but not another provider’s leftovers', () => {
    expect(issues({ ...defaultWebSearchSettings(), provider: 'searxng', searxngUrl: 'file:///etc' })).toEqual([
      'searxngUrl: SearXNG: the base URL must start with http:// or https://, not file:',
    ]);
    expect(issues({ ...defaultWebSearchSettings(), provider: 'mcp', mcpServer: 'exa' })).toEqual([
      'mcpTool: choose the MCP tool that searches',
    ]);
    expect(issues({ ...defaultWebSearchSettings(), provider: 'tavily', searxngUrl: 'not a url' })).toBeUndefined();
    expect(issues({ ...defaultWebSearchSettings(), provider: 'google' })?.[0]).toMatch(/^provider:/);
  });

  it('are filled in with the default for a settings file written before web search', () => {
    const old = defaultSettings() as unknown as { tools: Record<string, unknown> };
    delete old.tools.webSearch;
    const read = AppSettingsSchema.parse(mergeBySchema(AppSettingsSchema, defaultSettings(), old));
    expect(read.tools.webSearch).toEqual(defaultWebSearchSettings());
  });
});
