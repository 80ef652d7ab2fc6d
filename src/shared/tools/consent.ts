// Who decides whether a validated tool call runs. Pure: the settings and the
// conversation's "allowed" list come in, a verdict goes out; the loop shows the
// approval card for 'ask' and records the user's answer.
import type { ToolDescriptor, ToolPolicy } from './tool-types';

/** The user's per-tool policies, kept in settings; a missing entry means the tool's default. */
export interface ToolPolicySettings {
  policies: Record<string, ToolPolicy>;
}

/** What the loop does with a call. */
export type ConsentVerdict = 'run' | 'ask' | 'deny';

/** The user's answer on an approval card. */
export type ConsentAnswer = { kind: 'allow_once' } | { kind: 'allow_conversation' } | { kind: 'deny'; reason?: string };

export function policyFor(tool: ToolDescriptor, settings: ToolPolicySettings): ToolPolicy {
  return settings.policies[tool.name] ?? tool.defaultPolicy;
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
  return conversationAllowed.includes(tool.name) ? 'run' : 'ask';
}

/** The conversation's allowed list after the user answered a card. */
export function applyConsentAnswer(tool: ToolDescriptor, answer: ConsentAnswer, conversationAllowed: readonly string[]): string[] {
  const next = [...conversationAllowed];
  if (answer.kind === 'allow_conversation' && !tool.alwaysAsk && !next.includes(tool.name)) next.push(tool.name);
  return next;
}

/** Buttons the approval card may offer for this tool. */
export function consentChoices(tool: ToolDescriptor): ConsentAnswer['kind'][] {
  return tool.alwaysAsk ? ['allow_once', 'deny'] : ['allow_once', 'allow_conversation', 'deny'];
}

/** The text the model gets back when the user (or the policy) said no. */
export function denialMessage(toolName: string, byPolicy: boolean, reason?: string): string {
  const who = byPolicy ? `The user's settings do not allow the tool "${toolName}".` : `The user denied running "${toolName}".`;
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
