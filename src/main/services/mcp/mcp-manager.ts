// The MCP service: owns `<data>/mcp.json`, one McpServerSlot per configured
// server, and their place in the ToolRegistry (provider `mcp:<name>`, tools
// `<name>@<tool>`). Saving a config restarts only the servers whose entry
// changed. Every status change is pushed whole, so the page never has to merge.
import { join } from 'node:path';
import { isStdioServer, type McpConfig } from '@shared/mcp/mcp-config';
import type { McpOverview, McpServerStatus } from '@shared/mcp/mcp-status';
import { AppFailure } from '@shared/errors';
import type { Launch } from '../process/process-lifecycle';
import type { ToolRegistry } from '../tools/tool-registry';
import type { McpClients } from './mcp-ask';
import { readMcpConfigFile, writeMcpConfigFile } from './mcp-config-file';
import { McpServerSlot, type McpTiming } from './mcp-server-slot';
import { mcpKeys, type McpSecrets } from './mcp-keys';
import { workspaceRoots } from './mcp-roots';
import { DEFAULT_RETRY_DELAYS_MS, DEFAULT_STABLE_MS } from './reconnect-backoff';

export const MCP_CONFIG_FILE = 'mcp.json';

export const DEFAULT_MCP_TIMING: McpTiming = {
  connectTimeoutMs: 60_000,
  callTimeoutMs: 120_000,
  retryDelaysMs: DEFAULT_RETRY_DELAYS_MS,
  stableMs: DEFAULT_STABLE_MS,
  pingIntervalMs: 30_000,
  killGraceMs: 2_000,
};

export interface McpManagerOptions {
  dataDir: string;
  tools: ToolRegistry;
  /** every change of any server's status, with all of them */
  onStatus: (servers: McpServerStatus[]) => void;
  /** each started stdio server, e.g. `(proc) => registry.track(proc)` so quitting stops it */
  /** the process lifecycle's launcher for stdio servers (default: untracked, for tests) */
  launch?: Launch;
  clientInfo?: { name: string; version: string };
  timing?: Partial<McpTiming>;
  now?: () => number;
  /** where API keys of HTTP servers are sealed; none: `apiKey` is refused */
  secrets?: McpSecrets;
  /** the tools' workspace, offered to servers as their root; none: no roots capability */
  workspaceDir?: () => string;
}

export interface McpManager {
  overview(): McpOverview;
  /** Replace the whole config (already validated), persist it, restart what changed. */
  save(config: McpConfig): Promise<McpOverview>;
  /** Reconnect one server now, or every enabled one. */
  reconnect(name?: string): Promise<McpOverview>;
  /** Stop every server and wait until their processes are gone. */
  dispose(): Promise<void>;
  /** Seal (or, with null, remove) the API key of one HTTP server and reconnect it. */
  setKey(name: string, apiKey: string | null): Promise<McpOverview>;
  /** The workspace may have changed: servers are told when their root did. */
  syncRoots(): Promise<void>;
  /** The ready servers' clients, for prompts and resources (mcp-ask.ts). */
  clients: McpClients;
}

export const providerId = (server: string): string => `mcp:${server}`;

export async function openMcpManager(options: McpManagerOptions): Promise<McpManager> {
  const configPath = join(options.dataDir, MCP_CONFIG_FILE);
  const timing = { ...DEFAULT_MCP_TIMING, ...options.timing };
  const now = options.now ?? Date.now;
  const clientInfo = options.clientInfo ?? { name: 'eva-desktop', version: '0' };
  const keys = mcpKeys(options.secrets ?? null);
  const workspaceDir = options.workspaceDir;
  const roots = workspaceDir ? () => workspaceRoots(workspaceDir()) : undefined;
  let rootsSent = JSON.stringify(roots?.() ?? []);
  const loaded = await readMcpConfigFile(configPath);
  // A key written into mcp.json by hand is sealed and taken out of the file at once.
  if (options.secrets && hasApiKey(loaded.config)) {
    loaded.config = (await keys.takeFromConfig(loaded.config)).config;
    loaded.text = await writeMcpConfigFile(configPath, loaded.config);
  }
  let configText = loaded.text;
  let configIssues = loaded.issues;
  let slots: McpServerSlot[] = [];
  let disposed = false;

  const statuses = (): McpServerStatus[] => slots.map((slot) => slot.status());
  const announce = (): void => {
    if (!disposed) options.onStatus(statuses());
  };

  const apply = async (config: McpConfig, rekeyed: ReadonlySet<string> = new Set()): Promise<void> => {
    const previous = new Map(slots.map((slot) => [slot.name, slot]));
    const next: McpServerSlot[] = [];
    const fresh: McpServerSlot[] = [];
    const retired: McpServerSlot[] = [];
    for (const [name, server] of Object.entries(config.mcpServers)) {
      const old = previous.get(name);
      previous.delete(name);
      if (old && sameConfig(old.config, server) && !rekeyed.has(name)) {
        next.push(old);
        continue;
      }
      if (old) retired.push(old);
      const remote = isStdioServer(server) ? null : server;
      const slot = new McpServerSlot({
        name,
        config: server,
        timing,
        clientInfo,
        launch: options.launch,
        now,
        onChange: announce,
        roots,
        ...(remote ? { authHeaders: () => keys.headers(name, remote), hasKey: () => keys.has(name) } : {}),
      });
      options.tools.setProvider(providerId(name), slot);
      next.push(slot);
      fresh.push(slot);
    }
    retired.push(...previous.values());
    for (const slot of previous.values()) options.tools.removeProvider(providerId(slot.name));
    slots = next;
    // Started only now, so their first status already lists the whole new set.
    for (const slot of fresh) slot.start();
    announce();
    await Promise.all(retired.map((slot) => slot.stop()));
  };

  const overview = (): McpOverview => ({
    configPath,
    configText,
    configIssues,
    servers: statuses(),
    ...(keys.protection ? { keyProtection: keys.protection } : {}),
  });

  await apply(loaded.config);

  return {
    overview,
    clients: { statuses, client: (name) => slots.find((slot) => slot.name === name)?.liveClient() ?? null },
    async save(config) {
      if (disposed) throw new AppFailure('bad_request', 'the MCP service has shut down');
      const { config: plain, keyed } = await keys.takeFromConfig(config);
      await keys.keepOnly(
        Object.keys(plain.mcpServers),
        slots.map((slot) => slot.name),
      );
      configText = await writeMcpConfigFile(configPath, plain);
      configIssues = [];
      await apply(plain, keyed);
      return overview();
    },
    async setKey(name, apiKey) {
      const slot = slots.find((candidate) => candidate.name === name);
      if (!slot) throw new AppFailure('not_found', `no MCP server named "${name}" is configured`);
      if (isStdioServer(slot.config))
        throw new AppFailure(
          'bad_request',
          `MCP server "${name}" is a program, not an HTTP server: give it its key in "env"`,
        );
      await keys.set(name, apiKey);
      await slot.reconnect();
      announce();
      return overview();
    },
    async syncRoots() {
      const current = JSON.stringify(roots?.() ?? []);
      if (current === rootsSent) return;
      rootsSent = current;
      await Promise.all(slots.map((slot) => slot.rootsChanged()));
    },
    async reconnect(name) {
      const targets = name === undefined ? slots : slots.filter((slot) => slot.name === name);
      if (name !== undefined && targets.length === 0)
        throw new AppFailure('not_found', `no MCP server named "${name}" is configured`);
      await Promise.all(targets.map((slot) => slot.reconnect()));
      return overview();
    },
    async dispose() {
      disposed = true;
      const all = slots;
      slots = [];
      for (const slot of all) options.tools.removeProvider(providerId(slot.name));
      await Promise.all(all.map((slot) => slot.stop()));
    },
  };
}

function hasApiKey(config: McpConfig): boolean {
  return Object.values(config.mcpServers).some((server) => !isStdioServer(server) && server.apiKey !== undefined);
}

/** Key order does not matter: a reformatted but identical entry keeps its connection. */
function sameConfig(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
