// How MCP tools join the registry: as `service@tool`, with a descriptor whose
// risk and default policy follow the server's own annotations (read-only tools
// run, everything else asks).
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
    defaultPolicy: readOnly ? 'allow' : 'ask',
    enabledByDefault: true,
    source: 'mcp',
  };
}
