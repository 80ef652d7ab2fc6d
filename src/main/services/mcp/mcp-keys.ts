// API keys of HTTP MCP servers, sealed in the secret store like link keys
// (`mcp:<server>`) and never written to mcp.json: a key pasted into the config
// as `apiKey` is taken out before the file is written. Only the core reads a
// key, when it connects; the page learns whether one is stored.
import { isStdioServer, type McpConfig, type McpRemoteServer, type McpServerConfig } from '@shared/mcp/mcp-config';
import { AppFailure } from '@shared/errors';
import type { SecretStore } from '../secrets/secret-store';

export type McpSecrets = Pick<SecretStore, 'protection' | 'has' | 'get' | 'set' | 'remove'>;

const secretId = (server: string): string => `mcp:${server}`;

export interface McpKeys {
  readonly protection: string | null;
  has(server: string): boolean;
  /** the headers carrying the server's key ({} when none is stored) */
  headers(server: string, config: McpRemoteServer): Promise<Record<string, string>>;
  /** seal a key (null: remove it) */
  set(server: string, apiKey: string | null): Promise<void>;
  /** seals every `apiKey` of the config and returns it without them, with the servers whose key was set */
  takeFromConfig(config: McpConfig): Promise<{ config: McpConfig; keyed: Set<string> }>;
  /** keys of servers no longer configured go with them */
  keepOnly(servers: readonly string[], previous: readonly string[]): Promise<void>;
}

export function mcpKeys(secrets: McpSecrets | null): McpKeys {
  const sealing = (): McpSecrets => {
    if (!secrets) throw new AppFailure('bad_request', 'this MCP service cannot seal API keys');
    return secrets;
  };
  return {
    protection: secrets?.protection ?? null,
    has: (server) => secrets?.has(secretId(server)) ?? false,
    async headers(server, config) {
      if (!secrets?.has(secretId(server))) return {};
      let key: string | null;
      try {
        key = await secrets.get(secretId(server));
      } catch (error) {
        throw new Error(
          `the sealed API key could not be read (${(error as Error).message}); set it again on the MCP page`,
        );
      }
      if (key === null) return {};
      return config.apiKeyHeader ? { [config.apiKeyHeader]: key } : { Authorization: `Bearer ${key}` };
    },
    async set(server, apiKey) {
      if (apiKey === null) await secrets?.remove(secretId(server));
      else await sealing().set(secretId(server), apiKey);
    },
    async takeFromConfig(config) {
      const keyed = new Set<string>();
      const servers: Record<string, McpServerConfig> = {};
      for (const [name, server] of Object.entries(config.mcpServers)) {
        if (isStdioServer(server) || server.apiKey === undefined) {
          servers[name] = server;
          continue;
        }
        const { apiKey, ...rest } = server;
        await sealing().set(secretId(name), apiKey);
        keyed.add(name);
        servers[name] = rest;
      }
      return { config: { ...config, mcpServers: servers }, keyed };
    },
    async keepOnly(servers, previous) {
      if (!secrets) return;
      for (const name of previous) if (!servers.includes(name)) await secrets.remove(secretId(name));
    },
  };
}
