// The Tools panel's web search draft: which provider `web_search` uses and what
// that provider needs (a SearXNG URL, or an MCP server and tool). The Brave and
// Tavily keys are not part of it: they are sealed at once through
// `web-search:set-key` and the page only learns whether each is set.
import { baseUrlProblem } from '@shared/chat/base-url';
import type { McpServerStatus } from '@shared/mcp/mcp-status';
import type { WebSearchProvider, WebSearchSettings } from '@shared/tools/web-search/web-search-settings';
import type { FieldError } from '../../ui/field-error';

export type WebSearchForm = WebSearchSettings;
export type WebSearchField = 'searxngUrl' | 'mcpServer' | 'mcpTool';
export type WebSearchResult =
  { ok: true; value: WebSearchSettings } | { ok: false; errors: Partial<Record<WebSearchField, FieldError>> };

export const webSearchForm = (settings: WebSearchSettings): WebSearchForm => ({ ...settings });

/** The settings, or which of the chosen provider's fields are missing or wrong. */
export function webSearchSettings(form: WebSearchForm): WebSearchResult {
  const errors: Partial<Record<WebSearchField, FieldError>> = {};
  const value = {
    provider: form.provider,
    searxngUrl: form.searxngUrl.trim(),
    mcpServer: form.mcpServer.trim(),
    mcpTool: form.mcpTool.trim(),
  };
  if (value.provider === 'searxng') {
    const problem = baseUrlProblem(value.searxngUrl);
    if (problem?.code === 'required') errors.searxngUrl = { key: 'tools.webSearch.error.urlRequired' };
    else if (problem) errors.searxngUrl = { key: 'tools.webSearch.error.url' };
  }
  if (value.provider === 'mcp' && value.mcpServer === '') errors.mcpServer = { key: 'tools.webSearch.error.mcpServer' };
  if (value.provider === 'mcp' && value.mcpTool === '') errors.mcpTool = { key: 'tools.webSearch.error.mcpTool' };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** Switching the provider keeps every field; only a new MCP server forgets the tool of the previous one. */
export function setWebSearch(form: WebSearchForm, change: Partial<WebSearchForm>): WebSearchForm {
  const next = { ...form, ...change };
  if (change.mcpServer !== undefined && change.mcpServer !== form.mcpServer && change.mcpTool === undefined)
    next.mcpTool = '';
  return next;
}

/** An MCP server to choose from, and its tools. */
export interface McpChoice {
  name: string;
  ready: boolean;
  tools: string[];
}

/**
 * The servers of mcp.json with their tools, a saved server or tool that is not listed now kept as a choice (so the
 * select shows what is saved while the server is down).
 */
export function mcpChoices(servers: readonly McpServerStatus[], form: WebSearchForm): McpChoice[] {
  const choices = servers.map((server) => ({
    name: server.name,
    ready: server.state === 'ready',
    tools: server.tools.map((tool) => tool.name),
  }));
  const saved = form.mcpServer;
  if (saved !== '' && !choices.some((choice) => choice.name === saved))
    choices.push({ name: saved, ready: false, tools: [] });
  const chosen = choices.find((choice) => choice.name === saved);
  if (chosen && form.mcpTool !== '' && !chosen.tools.includes(form.mcpTool)) chosen.tools.push(form.mcpTool);
  return choices;
}

/** A search tool is the likely pick: one named like "search" is offered first. */
export function likelySearchTool(tools: readonly string[]): string {
  return tools.find((tool) => /search/i.test(tool)) ?? tools[0] ?? '';
}

/** Whether the provider is one whose key the panel asks for. */
export const needsKey = (provider: WebSearchProvider): provider is 'brave' | 'tavily' =>
  provider === 'brave' || provider === 'tavily';
