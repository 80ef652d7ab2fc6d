// The agent's part of the contract: a run of the agent loop, its approval cards
// and progress, the tools it may call and the tools prompt it would send.
import type { ChatResult } from '../core-types';
import { channel, emptyInput, requestRef } from '../contract-parts';
import type { AgentProgress } from './agent/agent-progress';
import type { AgentEnd, AgentProtocolReport, AgentStep, ConsentRequest } from './agent/agent-types';
import type { ToolsPromptPreview } from './agent/tools-prompt';
import { AgentRunSchema, ConsentAnswerSchema, type ToolSettings } from './schemas';
import { ToolsPromptRequestSchema } from './tool-selection';
import type { ToolDescriptor } from './tool-types';
import { ElicitAnswerInputSchema, type ElicitClosed, type ElicitRequest } from '../mcp/mcp-server-asks';

const toolsPromptInput = ToolsPromptRequestSchema.optional();

/** How an agent run ended, with what it answered and did. */
export interface AgentRunResult {
  end: AgentEnd;
  answer: string;
  steps: AgentStep[];
  conversationAllowed: string[];
  lastResult: ChatResult | null;
  protocol: AgentProtocolReport;
}

export const agentChannels = {
  /**
   * Run the agent loop; model turns stream as `chat:stream` (request ids `<id>:<turn>`), steps as `agent:step`,
   * approval cards as `agent:ask`.
   */
  'agent:run': channel<typeof AgentRunSchema, AgentRunResult>(AgentRunSchema),
  'agent:stop': channel<typeof requestRef, { stopped: boolean }>(requestRef),
  'agent:consent': channel<typeof ConsentAnswerSchema, { accepted: boolean }>(ConsentAnswerSchema),
  /** Answer an MCP server's form card (`agent:elicit`); values that do not fit its fields are refused. */
  'agent:elicit-answer': channel<typeof ElicitAnswerInputSchema, { accepted: boolean }>(ElicitAnswerInputSchema),
  /**
   * The tools part of the system prompt a run with these choices would send (prompt protocol), and the tools chosen
   * from; the composer counts it.
   */
  'agent:tools-prompt': channel<typeof toolsPromptInput, ToolsPromptPreview>(toolsPromptInput),
  'tools:list': channel<typeof emptyInput, { tools: ToolDescriptor[]; settings: ToolSettings; workspaceDir: string }>(
    emptyInput,
  ),
} as const;

export interface AgentEventPayloads {
  /** a finished step of an agent run */
  'agent:step': { requestId: string; step: AgentStep };
  /** an approval card: the run waits until `agent:consent` answers it */
  'agent:ask': ConsentRequest;
  /** an MCP server's question during a tool call, as a form card: the call waits for `agent:elicit-answer` */
  'agent:elicit': ElicitRequest;
  /** a form card no longer waited for: answered (in any window), or its call or run ended first */
  'agent:elicit-closed': ElicitClosed;
  /** progress of the call an agent run is waiting on (MCP progress notifications), a few a second at most */
  'agent:progress': AgentProgress;
}

export const AGENT_EVENT_NAMES: Record<keyof AgentEventPayloads, true> = {
  'agent:step': true,
  'agent:ask': true,
  'agent:elicit': true,
  'agent:elicit-closed': true,
  'agent:progress': true,
};
