// A conversation's choice of tools: which of the switched-on tools it offers
// the model. Saved as what is left out, so a server's new tool shows up on its
// own unless its whole server was switched off (`server@*`). A small local
// model cannot take every tool's description (the MCP reference server's 13
// tools alone are about 4,000 tokens), so the choice is per conversation.
import { z } from 'zod';
import { mcpServerWildcard, splitMcpToolName } from './mcp-tool-name';
import type { ToolDescriptor } from './tool-types';

/** What this conversation leaves out: tool names (`read_file`, `git@status`) and whole MCP servers (`git@*`). */
export interface ToolSelection {
  off: string[];
}

const toolNames = (max: number) => z.array(z.string().min(1).max(200)).max(max);

export const ToolSelectionSchema = z.object({ off: toolNames(1000) }).strict();

/**
 * `agent:tools-prompt` input: the conversation's extra tools (`enableTools`) and what it leaves out, as `agent:run`
 * takes them.
 */
export const ToolsPromptRequestSchema = z
  .object({ enableTools: toolNames(50).optional(), disableTools: toolNames(1000).optional() })
  .strict();
export type ToolsPromptRequest = z.infer<typeof ToolsPromptRequestSchema>;

/** The tools the selection keeps; tools that end the run (`answer`) are never left out, the loop needs them. */
export function applyToolSelection<T extends Pick<ToolDescriptor, 'name' | 'source' | 'final'>>(
  tools: readonly T[],
  off: readonly string[] | undefined,
): T[] {
  if (!off || off.length === 0) return [...tools];
  const left = new Set(off);
  return tools.filter((tool) => tool.final === true || !isLeftOut(tool, left));
}

function isLeftOut(tool: Pick<ToolDescriptor, 'name' | 'source'>, off: ReadonlySet<string>): boolean {
  if (off.has(tool.name)) return true;
  const server = tool.source === 'mcp' ? splitMcpToolName(tool.name) : null;
  return server !== null && off.has(mcpServerWildcard(server.service));
}

/**
 * The selection with one tool switched on or off; switching one on under a switched-off server keeps the server's other
 * tools off.
 */
export function toggleTool(
  selection: ToolSelection,
  tool: string,
  on: boolean,
  siblings: readonly string[] = [],
): ToolSelection {
  const server = splitMcpToolName(tool);
  const wildcard = server ? mcpServerWildcard(server.service) : null;
  let off = selection.off.filter((name) => name !== tool);
  if (wildcard !== null && off.includes(wildcard)) {
    // The server was off as a whole: spell its tools out so only this one comes back.
    off = [
      ...off.filter((name) => name !== wildcard),
      ...siblings.filter((name) => name !== tool && !off.includes(name)),
    ];
  }
  if (!on) off.push(tool);
  return { off };
}

/** Every tool of a server on (`all`) or the server off as a whole (`none`, new tools included). */
export function setServer(selection: ToolSelection, server: string, on: boolean): ToolSelection {
  const prefix = `${server}@`;
  const off = selection.off.filter((name) => !name.startsWith(prefix));
  return { off: on ? off : [...off, mcpServerWildcard(server)] };
}

/** The built-in tools all on or all off (they have no server to switch as a whole). */
export function setTools(selection: ToolSelection, names: readonly string[], on: boolean): ToolSelection {
  const off = selection.off.filter((name) => !names.includes(name));
  return { off: on ? off : [...off, ...names] };
}
