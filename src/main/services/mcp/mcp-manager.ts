// The MCP service: owns `<data>/mcp.json`, one McpServerSlot per configured
// server, and their place in the ToolRegistry (provider `mcp:<name>`, tools
// `<name>@<tool>`). Saving a config restarts only the servers whose entry
// changed. Every status change is pushed whole, so the page never has to merge.
import { join } from 'node:path';
import type { McpConfig } from '@shared/mcp/mcp-config';
import type { McpOverview, McpServerStatus } from '@shared/mcp/mcp-status';
import { AppFailure } from '@shared/errors';
import type { Launch } from '../process/process-lifecycle';
import type { ToolRegistry } from '../tools/tool-registry';
import { readMcpConfigFile, writeMcpConfigFile } from './mcp-config-file';
import { McpServerSlot, type McpTiming } from './mcp-server-slot';
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
}

export interface McpManager {
  overview(): McpOverview;
  /** Replace the whole config (already validated), persist it, restart what changed. */
  save(config: McpConfig): Promise<McpOverview>;
  /** Reconnect one server now, or every enabled one. */
  reconnect(name?: string): Promise<McpOverview>;
  /** Stop every server and wait until their processes are gone. */
  dispose(): Promise<void>;
}

export const providerId = (server: string): string => `mcp:${server}`;

export async function openMcpManager(options: McpManagerOptions): Promise<McpManager> {
  const configPath = join(options.dataDir, MCP_CONFIG_FILE);
  const timing = { ...DEFAULT_MCP_TIMING, ...options.timing };
  const now = options.now ?? Date.now;
  const clientInfo = options.clientInfo ?? { name: 'eva-desktop', version: '0' };
  const loaded = await readMcpConfigFile(configPath);
  let configText = loaded.text;
  let configIssues = loaded.issues;
  let slots: McpServerSlot[] = [];
  let disposed = false;

  const statuses = (): McpServerStatus[] => slots.map((slot) => slot.status());
  const announce = (): void => {
    if (!disposed) options.onStatus(statuses());
  };

  const apply = async (config: McpConfig): Promise<void> => {
    const previous = new Map(slots.map((slot) => [slot.name, slot]));
    const next: McpServerSlot[] = [];
    const fresh: McpServerSlot[] = [];
    const retired: McpServerSlot[] = [];
    for (const [name, server] of Object.entries(config.mcpServers)) {
      const old = previous.get(name);
      previous.delete(name);
      if (old && sameConfig(old.config, server)) {
        next.push(old);
        continue;
      }
      if (old) retired.push(old);
      const slot = new McpServerSlot({ name, config: server, timing, clientInfo, launch: options.launch, now, onChange: announce });
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

  const overview = (): McpOverview => ({ configPath, configText, configIssues, servers: statuses() });

  await apply(loaded.config);

  return {
    overview,
    async save(config) {
      if (disposed) throw new AppFailure('bad_request', 'the MCP service has shut down');
      configText = await writeMcpConfigFile(configPath, config);
      configIssues = [];
      await apply(config);
      return overview();
    },
    async reconnect(name) {
      const targets = name === undefined ? slots : slots.filter((slot) => slot.name === name);
      if (name !== undefined && targets.length === 0) throw new AppFailure('not_found', `no MCP server named "${name}" is configured`);
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

/** Key order does not matter: a reformatted but identical entry keeps its connection. */
function sameConfig(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
