// A running call's progress, pushed to the page while the call runs (MCP
// progress notifications): the step card it belongs to does not exist yet, so
// the event names the index that step will have, and the approval card the call
// went through, if it asked.
import type { ToolProgress } from '../tool-types';

/** `agent:progress`: one update of the call now running in run `requestId`. */
export interface AgentProgress extends ToolProgress {
  requestId: string;
  /** the index its step will have once the call ends */
  stepIndex: number;
  tool: string;
  /** the approval card the call went through, if it asked */
  askId?: string;
}
