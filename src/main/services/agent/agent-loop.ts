// The agent loop (EVA's prompt protocol, seeds 003/004): ask the model, parse
// one <tool_call>, validate, gate by policy and the user's consent, run the
// tool in its worker, feed the result back as a tool_response turn, and go on
// until the model calls `answer`, answers plainly, is stopped, or runs out of steps.
import type { ChatSendInput } from '../../../shared/chat/schemas';
import type { ChatMessage } from '../../../shared/chat/types';
import type { ChatResult } from '../../../shared/contract';
import { applyConsentAnswer, denialMessage, type ConsentAnswer, type ToolPolicySettings } from '../../../shared/tools/consent';
import { parseToolCall, TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from '../../../shared/tools/parse-tool-call';
import { gateToolCall } from '../../../shared/tools/tool-call-gate';
import { NO_TOOL_CALL_WARNING, toolResponseMessage, type ToolResponseInput } from '../../../shared/tools/tool-response';
import { buildToolsPrompt, type ToolEnvironment } from '../../../shared/tools/tools-prompt';
import type { ToolCall, ToolDescriptor } from '../../../shared/tools/tool-types';
import type { ArgumentValidator } from '../../../shared/tools/validate-arguments';
import type { ProviderCall } from '../tools/tool-registry';
import type { ToolRunResult } from '../../../shared/tools/tool-types';
import type { AgentEnd, AgentStep } from '../../../shared/tools/agent-types';

export type { AgentEnd, AgentStep };

export interface AgentRunInput {
  requestId: string;
  endpoint: ChatSendInput['endpoint'];
  systemPrompt: string;
  messages: ChatMessage[];
  sampling: ChatSendInput['sampling'];
  idSlot: number | null;
  tools: readonly ToolDescriptor[];
  environment?: ToolEnvironment;
  workspaceDir: string;
  maxSteps: number;
  /** seed 004: a reply without a tool call gets one warning instead of ending the run */
  agentMode: boolean;
  conversationAllowed: readonly string[];
}

export interface AgentRunResult {
  end: AgentEnd;
  answer: string;
  steps: AgentStep[];
  /** the conversation as the model saw it, tool turns included */
  messages: ChatMessage[];
  conversationAllowed: string[];
  lastResult: ChatResult | null;
}

export interface AgentDeps {
  send(input: ChatSendInput): Promise<ChatResult>;
  runTool(call: ProviderCall): Promise<ToolRunResult>;
  validator: ArgumentValidator;
  policy(): ToolPolicySettings;
  /** the approval card: resolves with the user's choice */
  ask(request: { requestId: string; call: ToolCall; tool: ToolDescriptor }): Promise<ConsentAnswer>;
  onStep?(requestId: string, step: AgentStep): void;
  clock?: () => number;
}

export async function runAgent(input: AgentRunInput, deps: AgentDeps, signal?: AbortSignal): Promise<AgentRunResult> {
  const clock = deps.clock ?? (() => performance.now());
  const messages = [...input.messages];
  const steps: AgentStep[] = [];
  let allowed = [...input.conversationAllowed];
  let warned = false;
  let lastResult: ChatResult | null = null;
  const systemPrompt = `${input.systemPrompt}\n\n${buildToolsPrompt(input.tools, input.environment)}`;
  const stop = [...(input.sampling.stop ?? []), TOOL_CALL_CLOSE];
  const end = (kind: AgentEnd, answer: string): AgentRunResult => ({ end: kind, answer, steps, messages, conversationAllowed: allowed, lastResult });
  const record = (step: Omit<AgentStep, 'index'>) => {
    const full = { ...step, index: steps.length };
    steps.push(full);
    deps.onStep?.(input.requestId, full);
  };
  const feedBack = (response: ToolResponseInput) => messages.push(toolResponseMessage(response) as ChatMessage);

  for (let turn = 0; turn < input.maxSteps; turn++) {
    if (signal?.aborted) return end('stopped', '');
    lastResult = await deps.send({
      requestId: `${input.requestId}:${turn}`,
      mode: 'chat',
      endpoint: input.endpoint,
      systemPrompt,
      messages,
      sampling: { ...input.sampling, stop },
      idSlot: input.idSlot,
    });
    if (lastResult.status === 'stopped') return end('stopped', lastResult.content);
    if (lastResult.status === 'error') return end('error', lastResult.content);
    // The stop word is consumed by the server: put it back so the block is whole.
    const text = lastResult.content.includes(TOOL_CALL_OPEN) && !lastResult.content.includes(TOOL_CALL_CLOSE) ? `${lastResult.content}${TOOL_CALL_CLOSE}` : lastResult.content;
    messages.push({ role: 'assistant', content: text });

    const parsed = parseToolCall(text);
    if (parsed.kind === 'none') {
      if (!input.agentMode || warned) return end('answered', text);
      warned = true;
      record({ kind: 'warning', tool: null, args: null, status: 'rejected', output: NO_TOOL_CALL_WARNING, durationMs: 0 });
      messages.push({ role: 'user', content: NO_TOOL_CALL_WARNING });
      continue;
    }
    if (parsed.kind === 'error') {
      record({ kind: 'invalid', tool: null, args: null, status: 'rejected', output: parsed.error.message, durationMs: 0 });
      feedBack({ name: 'tool_call', status: 'error', output: '', error: parsed.error });
      continue;
    }

    const verdict = gateToolCall({ call: parsed.call, tools: input.tools, validator: deps.validator, policy: deps.policy(), conversationAllowed: allowed });
    const name = parsed.call.name;
    if (verdict.kind === 'final') return end('answered', verdict.text);
    if (verdict.kind === 'reject') {
      record({ kind: 'invalid', tool: name, args: parsed.call.arguments, status: 'rejected', output: verdict.error.message, durationMs: 0 });
      feedBack({ name, status: 'error', output: '', error: verdict.error });
      continue;
    }
    if (verdict.kind === 'deny') {
      record({ kind: 'tool', tool: name, args: parsed.call.arguments, status: 'denied', output: verdict.message, durationMs: 0 });
      feedBack({ name, status: 'denied', output: verdict.message });
      continue;
    }
    if (verdict.kind === 'ask') {
      const answer = await deps.ask({ requestId: input.requestId, call: verdict.call, tool: verdict.tool });
      if (signal?.aborted) return end('stopped', '');
      allowed = applyConsentAnswer(verdict.tool, answer, allowed);
      if (answer.kind === 'deny') {
        const message = denialMessage(verdict.tool.name, false, answer.reason);
        record({ kind: 'tool', tool: verdict.tool.name, args: verdict.call.arguments, status: 'denied', output: message, durationMs: 0 });
        feedBack({ name: verdict.tool.name, status: 'denied', output: message });
        continue;
      }
    }
    const started = clock();
    const result = await deps.runTool({ name: verdict.call.name, args: verdict.call.arguments, workspaceDir: input.workspaceDir, signal });
    record({ kind: 'tool', tool: verdict.call.name, args: verdict.call.arguments, status: result.status, output: result.output || result.error?.message || '', durationMs: Math.round(clock() - started) });
    feedBack({ name: verdict.call.name, status: result.status, output: result.output, error: result.error });
    if (result.status === 'stopped') return end('stopped', '');
  }
  return end('max_steps', '');
}
