// Where the `web_search` tool sends its queries: a SearXNG instance, Brave
// Search, Tavily or a search tool of one of the user's MCP servers. Kept in
// `tools.webSearch` of settings.json; the Brave and Tavily keys are never here,
// they are sealed in the secret store (web-search-contract.ts sets them).
import { z } from 'zod';
import { baseUrlProblem } from '../../chat/base-url';

export const WEB_SEARCH_PROVIDERS = ['none', 'searxng', 'brave', 'tavily', 'mcp'] as const;
/** The search service `web_search` uses; `none` leaves the tool out of every run. */
export type WebSearchProvider = (typeof WEB_SEARCH_PROVIDERS)[number];

export const KEYED_PROVIDERS = ['brave', 'tavily'] as const;
/** A provider whose API needs the user's key. */
export type KeyedProvider = (typeof KEYED_PROVIDERS)[number];

export function isKeyedProvider(provider: string): provider is KeyedProvider {
  return (KEYED_PROVIDERS as readonly string[]).includes(provider);
}

/** The names the model, the approval card and the errors give each service. */
export const PROVIDER_NAMES: Record<Exclude<WebSearchProvider, 'none'>, string> = {
  searxng: 'SearXNG',
  brave: 'Brave Search',
  tavily: 'Tavily',
  mcp: 'MCP',
};

/**
 * The search settings. Each provider's fields are kept when another is chosen, so switching back finds them filled;
 * only the chosen provider's fields must be usable.
 */
export const WebSearchSettingsSchema = z
  .object({
    provider: z.enum(WEB_SEARCH_PROVIDERS),
    /** the SearXNG instance, e.g. `https://search.example.org` (its JSON API is `/search?format=json`) */
    searxngUrl: z.string().max(2048),
    /** an MCP server of mcp.json, and the name of its search tool */
    mcpServer: z.string().max(200),
    mcpTool: z.string().max(200),
  })
  .superRefine((value, ctx) => {
    const problem = value.provider === 'searxng' ? baseUrlProblem(value.searxngUrl) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['searxngUrl'], message: `SearXNG: ${problem.message}` });
    if (value.provider === 'mcp' && value.mcpServer.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['mcpServer'], message: 'choose the MCP server that searches' });
    if (value.provider === 'mcp' && value.mcpTool.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['mcpTool'], message: 'choose the MCP tool that searches' });
  });
export type WebSearchSettings = z.infer<typeof WebSearchSettingsSchema>;

export function defaultWebSearchSettings(): WebSearchSettings {
  return { provider: 'none', searxngUrl: '', mcpServer: '', mcpTool: '' };
}
