// The MCP servers' part of the contract: their configuration and status, their
// prompts (slash commands) and resources (attachments).
import { channel, emptyInput } from '../contract-parts';
import { McpConfigSchema, McpReconnectSchema, McpSetKeySchema } from './mcp-config';
import { McpGetPromptSchema, type McpPromptContent, type McpPromptListing } from './mcp-prompts';
import {
  McpListResourcesSchema,
  McpReadResourceSchema,
  type McpResourceContent,
  type McpResourcePage,
} from './mcp-resources';
import type { McpOverview, McpServerStatus } from './mcp-status';

export const mcpChannels = {
  /** The MCP config (`<data>/mcp.json`) and every server's status; changes arrive as `mcp:status`. */
  'mcp:list': channel<typeof emptyInput, McpOverview>(emptyInput),
  /** Replace the whole `{ mcpServers }` config; servers whose entry changed are restarted. */
  'mcp:save': channel<typeof McpConfigSchema, McpOverview>(McpConfigSchema),
  /** Reconnect one server now (`name`), or all of them. */
  'mcp:reconnect': channel<typeof McpReconnectSchema, McpOverview>(McpReconnectSchema),
  /** Seal an HTTP server's API key (null removes it) and reconnect it; the key is never sent back, only `hasKey`. */
  'mcp:set-key': channel<typeof McpSetKeySchema, McpOverview>(McpSetKeySchema),
  /**
   * Every ready server's prompts (the composer's slash commands); a server whose listing failed is named in `failures`.
   */
  'mcp:prompts': channel<typeof emptyInput, McpPromptListing>(emptyInput),
  /** `prompts/get`: one prompt with its arguments, its messages read and capped. */
  'mcp:get-prompt': channel<typeof McpGetPromptSchema, McpPromptContent>(McpGetPromptSchema),
  /** One page of a server's resources (its URI templates with the first page). */
  'mcp:resources': channel<typeof McpListResourcesSchema, McpResourcePage>(McpListResourcesSchema),
  /** `resources/read`: one resource, decoded and capped, to attach to a message. */
  'mcp:read-resource': channel<typeof McpReadResourceSchema, McpResourceContent>(McpReadResourceSchema),
} as const;

export interface McpEventPayloads {
  /** every configured MCP server's status, after any of them changed */
  'mcp:status': { servers: McpServerStatus[] };
}

export const MCP_EVENT_NAMES: Record<keyof McpEventPayloads, true> = { 'mcp:status': true };
