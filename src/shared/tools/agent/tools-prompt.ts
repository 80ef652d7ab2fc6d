// The system-prompt block of EVA's prompt protocol: the enabled tools inside
// <tools>…</tools> (one JSON line each, the shape Hermes/Qwen-style models were
// trained on), how to call one, and — when engineer tools are on — the
// environment the commands and files live in.
import { estimateMessageTokens } from '../../chat/token-estimate';
import { splitMcpToolName } from '../mcp-tool-name';
import { applyToolSelection } from '../tool-selection';
import type { ToolDescriptor } from '../tool-types';

/** Where the engineer tools run; shown to the model so it writes commands for the right OS and shell. */
export interface ToolEnvironment {
  /** e.g. "Linux 6.8 (x64)", "Windows 11", "macOS 15" */
  os: string;
  /** e.g. "bash", "cmd.exe" */
  shell: string;
  /** absolute workspace directory */
  workspaceDir: string;
  /** e.g. "2025-11-23 10:00 +08:00" */
  date?: string;
  /** a short listing of the workspace, a few levels deep */
  workspaceTree?: string;
  /** where execute_command runs when it is not this machine (a container, an SSH host) */
  sandbox?: string;
}

const ENGINEER_TOOLS = new Set(['execute_command', 'read_file', 'write_file', 'edit_file', 'list_files']);

/** One tool's line inside <tools>: the OpenAI function shape, as JSON. */
export function toolPromptLine(tool: Pick<ToolDescriptor, 'name' | 'description' | 'parameters'>): string {
  return JSON.stringify({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  });
}

/** The text appended to the system prompt when tools are on (prompt protocol only). */
export function buildToolsPrompt(tools: readonly ToolDescriptor[], environment?: ToolEnvironment): string {
  const lines = tools.map(toolPromptLine);
  const hasAnswer = tools.some((tool) => tool.final);
  const parts = [
    "You may call tools to help with the user's request. The tools are described as JSON inside <tools></tools>:",
    '<tools>',
    ...lines,
    '</tools>',
    '',
    'To call a tool, reply with exactly one block and nothing after it:',
    '<tool_call>',
    '{"name": "<tool name>", "arguments": {<arguments as JSON>}}',
    '</tool_call>',
    'Rules:',
    '- Call one tool at a time, then wait: its result comes back in a <tool_response> message.',
    '- The JSON must be valid: double quotes around keys and strings, inner quotes escaped as \\", line breaks as \\n, no trailing commas.',
    hasAnswer
      ? '- When the task is done, or you need to ask the user something, call "answer" with your final response, for example:\n<tool_call>\n{"name": "answer", "arguments": {"content": "Done: the tests pass."}}\n</tool_call>'
      : '- When you need no tool, answer the user directly.',
  ];
  if (environment && tools.some((tool) => ENGINEER_TOOLS.has(tool.name))) parts.push('', engineerInfo(environment));
  return parts.join('\n');
}

/**
 * The native protocol's addition to the system prompt: the tools themselves go in the
 * request's `tools` field, so only how to finish and the environment are said here.
 */
export function buildNativeToolsNote(tools: readonly ToolDescriptor[], environment?: ToolEnvironment): string {
  const parts: string[] = [];
  if (tools.some((tool) => tool.final))
    parts.push(
      'When the task is done, or you need to ask the user something, call the "answer" tool with your final response.',
    );
  if (environment && tools.some((tool) => ENGINEER_TOOLS.has(tool.name))) parts.push(engineerInfo(environment));
  return parts.join('\n\n');
}

function engineerInfo(env: ToolEnvironment): string {
  const lines = [
    'You work like a careful senior software engineer. Look before you change: read files and list directories first, then make small, verifiable changes.',
    'Environment:',
    `- Operating system: ${env.os}`,
    `- Shell for execute_command: ${env.shell}`,
    `- Workspace directory: ${env.workspaceDir}`,
  ];
  if (env.date) lines.push(`- Date: ${env.date}`);
  if (env.sandbox) lines.push(`- execute_command runs ${env.sandbox}`);
  lines.push(
    'Commands run in the workspace directory and file paths are relative to it. Stay inside it: paths outside the workspace are refused.',
  );
  if (env.workspaceTree && env.workspaceTree.trim() !== '')
    lines.push('Workspace overview:', env.workspaceTree.trimEnd());
  return lines.join('\n');
}

/** One tool the conversation may offer, as the tool selection lists it. */
export interface OfferableTool {
  name: string;
  description: string;
  source: ToolDescriptor['source'];
  /** the MCP server it comes from; null for a built-in */
  server: string | null;
  /** ends the run (`answer`): always offered, so not a choice */
  fixed: boolean;
  /** chars/3.5 of its line in the list: which tools are the heavy ones */
  estimatedTokens: number;
}

/** What the agent would add to the system prompt for a conversation's tools, and what it chose from. */
export interface ToolsPromptPreview {
  /** every tool offered without a selection: the Tools panel's switches plus the conversation's own */
  available: OfferableTool[];
  /** the names the selection keeps */
  offered: string[];
  /** the prompt protocol's addition to the system prompt (native requests carry the same definitions in `tools`) */
  text: string;
}

/** The tools part of the prompt for these tools minus the ones the conversation leaves out. */
export function previewToolsPrompt(
  available: readonly ToolDescriptor[],
  off: readonly string[] | undefined,
  environment?: ToolEnvironment,
): ToolsPromptPreview {
  const offered = applyToolSelection(available, off);
  return {
    available: available.map((tool) => ({
      name: tool.name,
      description: tool.description,
      source: tool.source,
      server: tool.source === 'mcp' ? (splitMcpToolName(tool.name)?.service ?? null) : null,
      fixed: tool.final === true,
      estimatedTokens: estimateMessageTokens({ content: toolPromptLine(tool) }),
    })),
    offered: offered.map((tool) => tool.name),
    text: buildToolsPrompt(offered, environment),
  };
}

/** The system prompt with the tools part after it, as the agent joins them. */
export function joinToolsPrompt(systemPrompt: string, toolsPrompt: string): string {
  if (toolsPrompt === '') return systemPrompt;
  return systemPrompt.trim() === '' ? toolsPrompt : `${systemPrompt}\n\n${toolsPrompt}`;
}
