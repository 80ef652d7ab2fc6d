// The MCP channels of the in-memory platform: the config is kept and every
// enabled server is "ready" at once with two read-only tools, except one whose
// command or URL mentions "fail", which shows an error row. Nothing is started.
import type { EventPayloads, InvokeChannel, InvokeInput, InvokeOutput } from '@shared/contract';
import { formatMcpConfig, McpConfigSchema, type McpConfig } from '@shared/mcp/mcp-config';
import type { McpOverview, McpServerStatus } from '@shared/mcp/mcp-status';
import type { Result } from './types';

type Handler<C extends InvokeChannel> = (input: InvokeInput<C>) => Result<InvokeOutput<C>> | Promise<Result<InvokeOutput<C>>>;
type McpChannel = 'mcp:list' | 'mcp:save' | 'mcp:reconnect';

export interface FakeMcpDeps {
  emit(event: 'mcp:status', payload: EventPayloads['mcp:status']): void;
  now: () => number;
}

export function createFakeMcp(deps: FakeMcpDeps): { [C in McpChannel]: Handler<C> } {
  let config: McpConfig = { mcpServers: {} };

  const statusOf = (name: string, server: McpConfig['mcpServers'][string]): McpServerStatus => {
    const target = 'command' in server ? `${server.command} ${(server.args ?? []).join(' ')}` : server.url;
    const transport = 'command' in server ? 'stdio' : server.type === 'sse' ? 'sse' : 'http';
    const base = { name, transport, failures: 0, retryAt: null, pid: null, since: deps.now(), stderrTail: '' } as const;
    if (server.disabled) return { ...base, state: 'disabled', transport: null, tools: [], error: null };
    if (/fail/i.test(target)) return { ...base, state: 'error', tools: [], error: `could not start "${target.trim()}": not found (is it installed and on PATH?)`, failures: 1, retryAt: deps.now() + 5000 };
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
  });

  const announce = (): McpOverview => {
    const current = overview();
    deps.emit('mcp:status', { servers: current.servers });
    return current;
  };

  return {
    'mcp:list': () => ({ ok: true, value: overview() }),
    'mcp:save': (input) => {
      config = McpConfigSchema.parse(input);
      return { ok: true, value: announce() };
    },
    'mcp:reconnect': (input) => {
      const name = input?.name;
      if (name !== undefined && !(name in config.mcpServers)) return { ok: false, error: { code: 'not_found', message: `no MCP server named "${name}" is configured` } };
      return { ok: true, value: announce() };
    },
  };
}
