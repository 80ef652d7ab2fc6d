// How MCP tools join the registry: as `service@tool`. Every MCP tool asks by
// default, whatever it says about itself: `readOnlyHint` is the server's own
// claim, and a "read-only" fetch or search tool of a remote server is exactly
// how a prompt injection would send a workspace secret out. The hint only
// labels the tool's risk; the user allows per tool or once per server (`service@*`).
import type { JsonSchema, ToolDescriptor } from './tool-types';

/** The parts of an MCP `tools/list` entry the registry uses. */
export interface McpToolInfo {
  name: string;
  description?: string;
  inputSchema?: JsonSchema;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
}

export function mcpToolName(service: string, tool: string): string {
  return `${service}@${tool}`;
}

/** The policy key that covers every tool of one MCP server: `git@*`. */
export function mcpServerWildcard(service: string): string {
  return `${service}@*`;
}

/** `git@status` → { service: 'git', tool: 'status' }; null for built-in names. */
export function splitMcpToolName(name: string): { service: string; tool: string } | null {
  const at = name.indexOf('@');
  if (at <= 0 || at === name.length - 1) return null;
  return { service: name.slice(0, at), tool: name.slice(at + 1) };
}

export function mcpToolDescriptor(service: string, tool: McpToolInfo): ToolDescriptor {
  const readOnly = tool.annotations?.readOnlyHint === true;
  return {
    name: mcpToolName(service, tool.name),
    description: tool.description ?? '',
    parameters: tool.inputSchema ?? { type: 'object', properties: {} },
    risk: readOnly ? 'read' : 'exec',
    defaultPolicy: 'ask',
    enabledByDefault: true,
    source: 'mcp',
  };
}
