// The MCP channels of the in-memory platform: the config is kept and every
// enabled server is "ready" at once with two read-only tools, except one whose
// command or URL mentions "fail", which shows an error row. Nothing is started.
// Each ready server offers the same prompts and resources (fake-mcp-content.ts),
// and `agent:tools-prompt` builds the tools prompt from the built-ins and them.
import type { AppSettings, EventPayloads } from '@shared/contract';
import { formatMcpConfig, McpConfigSchema, type McpConfig } from '@shared/mcp/mcp-config';
import type { McpOverview, McpServerStatus } from '@shared/mcp/mcp-status';
import { builtinToolDescriptors } from '@shared/tools/builtin-tools';
import { toolsOffered } from '@shared/tools/consent';
import { mcpToolDescriptor } from '@shared/tools/mcp-tool-name';
import { previewToolsPrompt } from '@shared/tools/agent/tools-prompt';
import { fakePrompt, fakePrompts, fakeResource, fakeResourcePage } from './fake-mcp-content';
import type { FakeHandler } from './fake-handler';

type McpChannel =
  | 'mcp:list'
  | 'mcp:save'
  | 'mcp:reconnect'
  | 'mcp:set-key'
  | 'mcp:prompts'
  | 'mcp:get-prompt'
  | 'mcp:resources'
  | 'mcp:read-resource'
  | 'agent:tools-prompt';

export interface FakeMcpDeps {
  emit(event: 'mcp:status', payload: EventPayloads['mcp:status']): void;
  now: () => number;
  /** the Tools panel's switches, for `agent:tools-prompt` (default: every tool's own default) */
  settings?: () => AppSettings;
}

export function createFakeMcp(deps: FakeMcpDeps): { [C in McpChannel]: FakeHandler<C> } {
  let config: McpConfig = { mcpServers: {} };
  // Like the core: a key is kept apart from the config (and here, only whether there is one).
  const keyed = new Set<string>();

  const statusOf = (name: string, server: McpConfig['mcpServers'][string]): McpServerStatus => {
    const target = 'command' in server ? `${server.command} ${(server.args ?? []).join(' ')}` : server.url;
    const transport = 'command' in server ? 'stdio' : server.type === 'sse' ? 'sse' : 'http';
    const base = {
      name,
      transport,
      failures: 0,
      retryAt: null,
      pid: null,
      since: deps.now(),
      stderrTail: '',
      ...('command' in server ? {} : { hasKey: keyed.has(name) }),
    } as const;
    if (server.disabled) return { ...base, state: 'disabled', transport: null, tools: [], error: null };
    if (/fail/i.test(target))
      return {
        ...base,
        state: 'error',
        tools: [],
        error: `could not start "${target.trim()}": not found (is it installed and on PATH?)`,
        failures: 1,
        retryAt: deps.now() + 5000,
      };
    const tools = [
      { name: 'search', description: 'Search (simulated).', readOnly: true },
      { name: 'fetch', description: 'Fetch a page (simulated).', readOnly: true },
    ];
    return { ...base, state: 'ready', tools, error: null, pid: 'command' in server ? 4300 : null };
  };

  const overview = (): McpOverview => ({
    configPath: '/home/user/.eva/mcp.json',
    configText: formatMcpConfig(config),
    configIssues: [],
    servers: Object.entries(config.mcpServers).map(([name, server]) => statusOf(name, server)),
    keyProtection: 'local-key-file',
  });

  const announce = (): McpOverview => {
    const current = overview();
    deps.emit('mcp:status', { servers: current.servers });
    return current;
  };

  const ready = (): string[] => overview().servers.flatMap((server) => (server.state === 'ready' ? [server.name] : []));
  const unknown = (server: string) => ({
    ok: false as const,
    error: { code: 'not_found' as const, message: `no MCP server named "${server}" is configured` },
  });

  return {
    'mcp:list': () => ({ ok: true, value: overview() }),
    'mcp:save': (input) => {
      const parsed = McpConfigSchema.parse(input);
      for (const [name, server] of Object.entries(parsed.mcpServers)) {
        if ('apiKey' in server && server.apiKey !== undefined) {
          keyed.add(name);
          delete server.apiKey;
        }
      }
      config = parsed;
      return { ok: true, value: announce() };
    },
    'mcp:reconnect': (input) => {
      const name = input?.name;
      if (name !== undefined && !(name in config.mcpServers))
        return { ok: false, error: { code: 'not_found', message: `no MCP server named "${name}" is configured` } };
      return { ok: true, value: announce() };
    },
    'mcp:set-key': ({ name, apiKey }) => {
      const server = config.mcpServers[name];
      if (!server) return unknown(name);
      if ('command' in server)
        return {
          ok: false,
          error: {
            code: 'bad_request',
            message: `MCP server "${name}" is a program, not an HTTP server: give it its key in "env"`,
          },
        };
      if (apiKey === null) keyed.delete(name);
      else keyed.add(name);
      return { ok: true, value: announce() };
    },
    'mcp:prompts': () => ({ ok: true, value: { prompts: ready().flatMap(fakePrompts), failures: [] } }),
    'mcp:get-prompt': (input) => {
      if (!ready().includes(input.server)) return unknown(input.server);
      const prompt = fakePrompt(input.server, input.name, input.arguments ?? {});
      return prompt.ok
        ? { ok: true, value: prompt.value }
        : {
            ok: false,
            error: {
              code: 'bad_request',
              message: `MCP server "${input.server}" refused the prompt "${input.name}": ${prompt.message}`,
            },
          };
    },
    'mcp:resources': (input) =>
      ready().includes(input.server)
        ? { ok: true, value: fakeResourcePage(input.server, input.cursor) }
        : unknown(input.server),
    'mcp:read-resource': (input) =>
      ready().includes(input.server)
        ? { ok: true, value: fakeResource(input.server, input.uri) }
        : unknown(input.server),
    'agent:tools-prompt': (input) => {
      const mcpTools = overview().servers.flatMap((server) =>
        server.tools.map((tool) =>
          mcpToolDescriptor(server.name, {
            name: tool.name,
            description: tool.description,
            inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
          }),
        ),
      );
      const toggles = {
        ...(deps.settings?.().tools.enabled ?? {}),
        ...Object.fromEntries((input?.enableTools ?? []).map((name) => [name, true])),
      };
      return {
        ok: true,
        value: previewToolsPrompt(
          toolsOffered([...builtinToolDescriptors(), ...mcpTools], toggles),
          input?.disableTools,
        ),
      };
    },
  };
}
