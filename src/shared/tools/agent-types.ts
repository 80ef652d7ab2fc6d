// What the agent loop shows the user, shared by the core and the renderer.
import type { ToolProtocol, ToolProtocolSetting } from './tool-protocol';
import type { ToolResponseInput } from './tool-response';

/** One visible step of a run: a tool call and what came of it, or the loop's own notes. */
export interface AgentStep {
  index: number;
  kind: 'tool' | 'warning' | 'invalid';
  tool: string | null;
  args: Record<string, unknown> | null;
  status: ToolResponseInput['status'] | 'rejected';
  output: string;
  durationMs: number;
}

/** Which tool protocol a run spoke, and why; the renderer shows it beside the run. */
export interface AgentProtocolReport {
  /** the protocol of the run's last requests */
  used: ToolProtocol;
  /** the setting the first protocol was chosen from */
  setting: ToolProtocolSetting;
  /** why the run started with the protocol it did */
  reason: string;
  /** set when the endpoint refused native tools and the run switched to the prompt protocol: why */
  fallback: string | null;
}

/** How a run ended. */
export type AgentEnd = 'answered' | 'stopped' | 'max_steps' | 'error';

/** The approval card: what is about to happen, and the choices the user has. */
export interface ConsentRequest {
  requestId: string;
  askId: string;
  tool: string;
  risk: string;
  args: Record<string, unknown>;
  /** the exact command, or a unified diff of a write/edit, computed before anything runs */
  preview: { kind: 'command' | 'diff' | 'none'; text: string };
  choices: ('allow_once' | 'allow_conversation' | 'deny')[];
}
