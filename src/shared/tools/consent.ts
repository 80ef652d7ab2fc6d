// Who decides whether a validated tool call runs. Pure: the settings and the
// conversation's "allowed" list come in, a verdict goes out; the loop shows the
// approval card for 'ask' and records the user's answer.
import { mcpServerWildcard, splitMcpToolName } from './mcp-tool-name';
import type { ToolDescriptor, ToolPolicy } from './tool-types';

/** The user's per-tool policies, kept in settings; a missing entry means the tool's default. */
export interface ToolPolicySettings {
  policies: Record<string, ToolPolicy>;
}

/** What the loop does with a call. */
export type ConsentVerdict = 'run' | 'ask' | 'deny';

/** The user's answer on an approval card. */
export type ConsentAnswer =
  | { kind: 'allow_once' }
  | { kind: 'allow_conversation' }
  | { kind: 'allow_server' }
  | { kind: 'deny'; reason?: string };

/** The tool's own setting, else its MCP server's (`service@*`), else the tool's default. */
export function policyFor(tool: ToolDescriptor, settings: ToolPolicySettings): ToolPolicy {
  return settings.policies[tool.name] ?? serverPolicy(tool, settings) ?? tool.defaultPolicy;
}

function serverPolicy(tool: ToolDescriptor, settings: ToolPolicySettings): ToolPolicy | undefined {
  const server = tool.source === 'mcp' ? splitMcpToolName(tool.name) : null;
  return server ? settings.policies[mcpServerWildcard(server.service)] : undefined;
}

function allowedForConversation(tool: ToolDescriptor, conversationAllowed: readonly string[]): boolean {
  if (conversationAllowed.includes(tool.name)) return true;
  const server = tool.source === 'mcp' ? splitMcpToolName(tool.name) : null;
  return server !== null && conversationAllowed.includes(mcpServerWildcard(server.service));
}

/**
 * deny beats everything; `alwaysAsk` tools (controller) ask on every call even
 * when set to allow or allowed for the conversation, because one wrong click
 * cannot be undone; otherwise allow runs, and ask runs only when the user chose
 * "allow for this conversation" for this tool before.
 */
export function decideConsent(
  tool: ToolDescriptor,
  settings: ToolPolicySettings,
  conversationAllowed: readonly string[],
): ConsentVerdict {
  const policy = policyFor(tool, settings);
  if (policy === 'deny') return 'deny';
  if (tool.alwaysAsk) return 'ask';
  if (policy === 'allow') return 'run';
  return allowedForConversation(tool, conversationAllowed) ? 'run' : 'ask';
}

/** The conversation's allowed list after the user answered a card. */
export function applyConsentAnswer(
  tool: ToolDescriptor,
  answer: ConsentAnswer,
  conversationAllowed: readonly string[],
): string[] {
  const next = [...conversationAllowed];
  const entry = allowedEntry(tool, answer);
  if (entry !== null && !tool.alwaysAsk && !next.includes(entry)) next.push(entry);
  return next;
}

/** What an answer adds to the conversation's allowed list: the tool, its MCP server (`service@*`), or nothing. */
export function allowedEntry(
  tool: Pick<ToolDescriptor, 'name' | 'source'>,
  answer: Pick<ConsentAnswer, 'kind'>,
): string | null {
  if (answer.kind === 'allow_conversation') return tool.name;
  const server = answer.kind === 'allow_server' && tool.source === 'mcp' ? splitMcpToolName(tool.name) : null;
  return server ? mcpServerWildcard(server.service) : null;
}

/**
 * allowedEntry for a tool known only by name, as an approval card names it: MCP tools are the ones named service@tool.
 */
export function allowedEntryByName(name: string, answer: Pick<ConsentAnswer, 'kind'>): string | null {
  return allowedEntry({ name, source: name.includes('@') ? 'mcp' : 'builtin' }, answer);
}

/** Buttons the approval card may offer for this tool. */
export function consentChoices(tool: ToolDescriptor): ConsentAnswer['kind'][] {
  if (tool.alwaysAsk) return ['allow_once', 'deny'];
  // An MCP server's tools can be allowed together, once, instead of one card per tool.
  return tool.source === 'mcp' && splitMcpToolName(tool.name)
    ? ['allow_once', 'allow_conversation', 'allow_server', 'deny']
    : ['allow_once', 'allow_conversation', 'deny'];
}

/** The text the model gets back when the user (or the policy) said no. */
export function denialMessage(toolName: string, byPolicy: boolean, reason?: string): string {
  const who = byPolicy
    ? `The user's settings do not allow the tool "${toolName}".`
    : `The user denied running "${toolName}".`;
  const why = reason && reason.trim() !== '' ? ` Reason: ${reason.trim()}` : '';
  return `${who}${why} Do not retry the same call; choose another approach or ask the user.`;
}

/**
 * The tools offered to the model: each tool's enabledByDefault, overridden by
 * the user's toggles (settings, then the conversation's). The controller is off
 * until turned on.
 */
export function toolsOffered<T extends ToolDescriptor>(tools: readonly T[], toggles: Record<string, boolean>): T[] {
  return tools.filter((tool) => toggles[tool.name] ?? tool.enabledByDefault);
}
