// `web_search` as a tool provider of the core (like the image tool): it needs
// the sealed keys and the MCP connections, which a tool worker has neither of.
// Offered only while the chosen provider can work (a SearXNG URL, a Brave or
// Tavily key, an MCP server and tool); every call ends as a result or as a
// sentence naming the service, never as a throw.
import { errorText } from '@shared/errors';
import { policyFor, type ToolPolicySettings } from '@shared/tools/consent';
import { mcpToolName } from '@shared/tools/mcp-tool-name';
import {
  WEB_SEARCH_DEFAULT_COUNT,
  WEB_SEARCH_MAX_COUNT,
  WEB_SEARCH_TOOL_NAME,
  webSearchToolDescriptor,
} from '@shared/tools/web-search/web-search-tool';
import {
  PROVIDER_NAMES,
  isKeyedProvider,
  type KeyedProvider,
  type WebSearchSettings,
} from '@shared/tools/web-search/web-search-settings';
import { toolError, type ToolDescriptor, type ToolRunResult } from '@shared/tools/tool-types';
import type { CallToJudge, ProviderCall, ToolProvider } from '../tool-registry';
import { BRAVE_ENDPOINT, braveRequest, explainBraveStatus, parseBrave } from './brave';
import { runHttpSearch, type HttpSearchCall, type SearchOutcome } from './http-search';
import { mcpSearchArgs, mcpSearchOutput } from './mcp-search';
import { formatResults } from './search-result';
import { explainSearxngStatus, parseSearxng, searxngRequest } from './searxng';
import { TAVILY_ENDPOINT, explainTavilyStatus, parseTavily, tavilyRequest } from './tavily';

export interface WebSearchDeps {
  settings: () => WebSearchSettings;
  hasKey: (provider: KeyedProvider) => boolean;
  /** the sealed key, read only when a call is made */
  key: (provider: KeyedProvider) => Promise<string | null>;
  /** the tools on offer and a way to run one: the registry, through which an MCP server's search tool is called */
  tools: { descriptors(): readonly ToolDescriptor[]; run(call: ProviderCall): Promise<ToolRunResult> };
  /** the user's tool policies: an MCP search tool set to Deny is never called through web_search either */
  policies: () => ToolPolicySettings;
  fetch?: typeof fetch;
  /** where Brave and Tavily are reached; tests point them at local stand-ins */
  endpoints?: { brave?: string; tavily?: string };
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export function webSearchProvider(deps: WebSearchDeps): ToolProvider {
  const endpoint = (provider: KeyedProvider) =>
    provider === 'brave' ? (deps.endpoints?.brave ?? BRAVE_ENDPOINT) : (deps.endpoints?.tavily ?? TAVILY_ENDPOINT);

  /** The service's name as the model, the card and the errors say it; null while nothing usable is set up. */
  const serviceName = (settings: WebSearchSettings): string | null => {
    const { provider } = settings;
    if (provider === 'none') return null;
    if (isKeyedProvider(provider)) return deps.hasKey(provider) ? PROVIDER_NAMES[provider] : null;
    if (provider === 'searxng') return settings.searxngUrl.trim() === '' ? null : PROVIDER_NAMES.searxng;
    if (settings.mcpServer.trim() === '' || settings.mcpTool.trim() === '') return null;
    return `MCP server "${settings.mcpServer}", tool "${settings.mcpTool}"`;
  };

  /** Where the query goes, for the approval card. */
  const destination = (settings: WebSearchSettings): string => {
    const { provider } = settings;
    if (provider === 'searxng') return `SearXNG at ${hostOf(settings.searxngUrl.trim())}`;
    if (isKeyedProvider(provider)) return `${PROVIDER_NAMES[provider]} at ${hostOf(endpoint(provider))}`;
    return `the MCP server "${settings.mcpServer}" (its tool "${settings.mcpTool}")`;
  };

  const countOf = (args: Record<string, unknown>): number => {
    const count = typeof args.count === 'number' && Number.isFinite(args.count) ? Math.trunc(args.count) : NaN;
    return Number.isNaN(count) ? WEB_SEARCH_DEFAULT_COUNT : Math.min(WEB_SEARCH_MAX_COUNT, Math.max(1, count));
  };

  async function httpSearch(
    settings: WebSearchSettings,
    query: string,
    count: number,
    signal?: AbortSignal,
  ): Promise<SearchOutcome> {
    const base = { timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal, fetch: deps.fetch ?? fetch };
    if (settings.provider === 'searxng') {
      const request = searxngRequest(settings.searxngUrl, query);
      const service = `SearXNG (${hostOf(request.url)})`;
      const parse = (body: unknown) => parseSearxng(body, count);
      return runHttpSearch({ ...base, service, request, parse, explainStatus: explainSearxngStatus });
    }
    const provider = settings.provider as KeyedProvider;
    const service = `${PROVIDER_NAMES[provider]} (${hostOf(endpoint(provider))})`;
    const secret = await deps.key(provider);
    if (!secret)
      return {
        ok: false,
        status: 'error',
        error: toolError('tool_failed', `${service} needs an API key; set one in the Tools panel`),
      };
    const call: HttpSearchCall =
      provider === 'brave'
        ? {
            ...base,
            service,
            secret,
            request: braveRequest(endpoint(provider), secret, query, count),
            parse: (body) => parseBrave(body, count),
            explainStatus: explainBraveStatus,
          }
        : {
            ...base,
            service,
            secret,
            request: tavilyRequest(endpoint(provider), secret, query, count),
            parse: (body) => parseTavily(body, count),
            explainStatus: explainTavilyStatus,
          };
    return runHttpSearch(call);
  }

  async function mcpSearch(
    settings: WebSearchSettings,
    call: ProviderCall,
    query: string,
    count: number,
    name: string,
  ): Promise<Omit<ToolRunResult, 'durationMs'>> {
    const toolName = mcpToolName(settings.mcpServer, settings.mcpTool);
    const tool = deps.tools.descriptors().find((descriptor) => descriptor.name === toolName);
    if (!tool)
      return failed(
        `the MCP server "${settings.mcpServer}" does not offer a tool "${settings.mcpTool}" now (is it connected? see the MCP page)`,
      );
    // Approving web_search must not be a way around the user's Deny on the tool it calls.
    if (policyFor(tool, deps.policies()) === 'deny')
      return failed(`the MCP tool "${toolName}" is set to Deny in the Tools panel, so web_search does not call it`);
    const args = mcpSearchArgs(tool.parameters, query, count);
    if (!args.ok) return failed(`the MCP tool "${toolName}" cannot search: ${args.message}`);
    const result = await deps.tools.run({ ...call, name: toolName, args: args.args });
    if (result.status !== 'ok') {
      const why = result.error?.message ?? (result.output.trim() || 'it failed');
      return {
        status: result.status,
        output: '',
        error: {
          ...(result.error ?? toolError('tool_failed', why)),
          message: `the search through ${name} failed: ${why}`,
        },
      };
    }
    return { status: 'ok', output: mcpSearchOutput(name, query, result, count), details: { provider: 'mcp' } };
  }

  return {
    descriptors() {
      const name = serviceName(deps.settings());
      return name === null ? [] : [webSearchToolDescriptor(name)];
    },

    describeCall(call: CallToJudge): string {
      const settings = deps.settings();
      const query = typeof call.args.query === 'string' ? call.args.query.trim() : '';
      return `Search the web for "${query}" (up to ${countOf(call.args)} results). The query is sent to ${destination(settings)}.`;
    },

    async run(call: ProviderCall): Promise<ToolRunResult> {
      const started = performance.now();
      const done = (result: Omit<ToolRunResult, 'durationMs'>): ToolRunResult => ({
        ...result,
        durationMs: Math.round(performance.now() - started),
      });
      const settings = deps.settings();
      const name = serviceName(settings);
      if (call.name !== WEB_SEARCH_TOOL_NAME || name === null)
        return done(failed('web search is not set up: choose a search provider in the Tools panel'));
      const query = typeof call.args.query === 'string' ? call.args.query.trim() : '';
      if (query === '')
        return done({ status: 'error', output: '', error: toolError('invalid_arguments', 'the query is empty') });
      const count = countOf(call.args);
      try {
        if (settings.provider === 'mcp') return done(await mcpSearch(settings, call, query, count, name));
        const outcome = await httpSearch(settings, query, count, call.signal);
        if (!outcome.ok) return done({ status: outcome.status, output: '', error: outcome.error });
        return done({
          status: 'ok',
          output: formatResults(name, query, outcome.results),
          details: { provider: settings.provider, results: outcome.results.length },
        });
      } catch (error) {
        return done(failed(`the web search through ${name} failed: ${errorText(error)}`));
      }
    },
  };
}

function failed(message: string): Omit<ToolRunResult, 'durationMs'> {
  return { status: 'error', output: '', error: toolError('tool_failed', message) };
}
