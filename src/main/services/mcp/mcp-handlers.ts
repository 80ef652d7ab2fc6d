// The contract's mcp:* handlers: the servers' configuration and status (the
// manager), their prompts as slash commands and their resources to attach.
import type { ChannelsOf, InvokeHandlers } from '@shared/contract';
import type { McpManager } from './mcp-manager';
import { getMcpPrompt, listMcpPrompts } from './mcp-prompts';
import { listMcpResources, readMcpResource } from './mcp-resources';

export function mcpHandlers(mcp: McpManager): Pick<InvokeHandlers, ChannelsOf<'mcp'>> {
  return {
    'mcp:list': async () => mcp.overview(),
    'mcp:save': async (config) => mcp.save(config),
    'mcp:reconnect': async (input) => mcp.reconnect(input?.name),
    'mcp:set-key': async ({ name, apiKey }) => mcp.setKey(name, apiKey),
    'mcp:prompts': async () => listMcpPrompts(mcp.clients),
    'mcp:get-prompt': async (input) => getMcpPrompt(mcp.clients, input),
    'mcp:resources': async ({ server, cursor }) => listMcpResources(mcp.clients, server, cursor),
    'mcp:read-resource': async (input) => readMcpResource(mcp.clients, input),
  };
}
