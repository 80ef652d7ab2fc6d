// Everything between "the model asked for a tool" and "run it": find the tool,
// end the loop on answer, validate the arguments, refuse forbidden commands
// before anyone is asked, then apply the consent policy, where a call that
// would ask may still run when its provider says the user allowed it ahead by
// its cost (the picture under the image budget). Pure; the loop acts on the verdict.
import { decideConsent, denialMessage, type ToolPolicySettings } from '../consent';
import { findTool } from '../builtin-tools';
import { classifyCommand, type CommandContext } from '../command-safety/forbidden-commands';
import { toolError, type ToolCall, type ToolDescriptor, type ToolError } from '../tool-types';
import type { ArgumentValidator } from '../validate-arguments';

/** What the loop does next with a call. */
export type GateVerdict =
  /** the model finished; show `text` as the answer */
  | { kind: 'final'; text: string; tool: ToolDescriptor }
  /** nothing runs; the error goes back to the model, which may retry */
  | { kind: 'reject'; error: ToolError; tool?: ToolDescriptor }
  /** the policy says no; `message` goes back to the model */
  | { kind: 'deny'; message: string; tool: ToolDescriptor }
  /** show the approval card, then run or deny */
  | { kind: 'ask'; call: ToolCall; tool: ToolDescriptor }
  | { kind: 'run'; call: ToolCall; tool: ToolDescriptor };

export interface GateInput {
  call: ToolCall;
  /** the tools enabled for this conversation (built-ins and MCP) */
  tools: readonly ToolDescriptor[];
  validator: ArgumentValidator;
  policy: ToolPolicySettings;
  conversationAllowed: readonly string[];
  commandContext?: CommandContext;
  /** whether the user allowed this (validated) call ahead by its cost, so it needs no card; absent: none is */
  allowedAhead?: (call: ToolCall) => boolean;
}

export function gateToolCall(input: GateInput): GateVerdict {
  const tool = findTool(input.tools, input.call.name);
  if (!tool) {
    const names = input.tools.map((t) => t.name).join(', ');
    return {
      kind: 'reject',
      error: toolError('unknown_tool', `there is no tool named "${input.call.name}"; available tools: ${names}`),
    };
  }
  // Calls by alias (finish → answer) run under the canonical name.
  const call: ToolCall = { ...input.call, name: tool.name };
  const check = input.validator.validate(tool, call.arguments);
  if (!check.ok) return { kind: 'reject', error: check.error, tool };
  if (tool.final) return { kind: 'final', text: finalText(call.arguments), tool };
  if (tool.name === 'execute_command') {
    const command = String(call.arguments.command);
    const forbidden = classifyCommand(command, input.commandContext);
    if (forbidden) {
      return {
        kind: 'reject',
        tool,
        error: toolError(
          'forbidden_command',
          `refused without asking the user: ${forbidden.reason}. This command is never allowed.`,
          { rule: forbidden.rule },
        ),
      };
    }
  }
  const verdict = decideConsent(tool, input.policy, input.conversationAllowed);
  if (verdict === 'deny') return { kind: 'deny', tool, message: denialMessage(tool.name, true) };
  if (verdict === 'ask' && input.allowedAhead?.(call)) return { kind: 'run', call, tool };
  return { kind: verdict, call, tool };
}

function finalText(args: Record<string, unknown>): string {
  const content = args.content;
  return typeof content === 'string' ? content : JSON.stringify(content ?? '');
}
