// What the agent loop shows the user, shared by the core and the renderer.
import type { CommandSegment } from '../command-safety/describe-command';
import type { ToolProtocol, ToolProtocolSetting } from './tool-protocol';
import type { ToolResponseInput } from './tool-response';
import type { ToolContent } from '../tool-types';
import type { KnowledgeHit } from '../../knowledge/knowledge-types';
import type { SamplingCardInfo } from '../../mcp/mcp-server-asks';

/** One visible step of a run: a tool call and what came of it, or the loop's own notes. */
export interface AgentStep {
  index: number;
  kind: 'tool' | 'warning' | 'invalid';
  tool: string | null;
  args: Record<string, unknown> | null;
  status: ToolResponseInput['status'] | 'rejected';
  output: string;
  durationMs: number;
  /** the model request (the `<runId>:<turn>` stream) the call came in */
  turn?: number;
  /** what the model said in that turn before its call, tool-call markup left out; set on the turn's first step only */
  said?: string;
  /** the approval card this call went through, if it asked */
  askId?: string;
  /** what the user answered on that card: shown beside the step, never read back as permission */
  consent?: 'allow_once' | 'allow_conversation' | 'allow_server' | 'deny';
  /** images, audio and resources the tool returned besides its text (capped, see tool-content.ts) */
  content?: ToolContent[];
  /** the passages a `knowledge` call found, shown on its card as citations that open in their source */
  citations?: KnowledgeHit[];
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

/** What an approval card shows of the call (built by command-preview.ts for commands). */
export interface ToolPreview {
  kind: 'command' | 'diff' | 'none';
  /** the exact command, a unified diff, or the arguments / why no diff could be made */
  text: string;
  /** commands only: what the line runs, as the forbidden-command guard reads it */
  segments?: CommandSegment[];
  /** commands only: how many segments were left out of `segments` */
  omittedSegments?: number;
  /** web_fetch only: the URL the call will request and its real host */
  url?: UrlPreview;
}

/** What an approval card shows of a URL a tool is about to fetch. */
export interface UrlPreview {
  /** the URL as the request will use it: normalised by the URL parser, its host in ASCII (punycode) */
  href: string;
  /** the host as the request names it (ASCII; punycode for an international name) */
  host: string;
  /** the host decoded from punycode, when that differs from `host` */
  unicodeHost: string | null;
  /** why the address guard will refuse it as the settings stand (a local address off the allow-list), or null */
  refusal: string | null;
}

/** The approval card: what is about to happen, and the choices the user has. */
export interface ConsentRequest {
  requestId: string;
  askId: string;
  tool: string;
  risk: string;
  args: Record<string, unknown>;
  /**
   * the exact command (with the commands the guard found in it), or a unified diff of a write/edit, computed before
   * anything runs
   */
  preview: ToolPreview;
  choices: ('allow_once' | 'allow_conversation' | 'allow_server' | 'deny')[];
  /** the model request the call came in (see AgentStep.turn) */
  turn?: number;
  /** what the model said in that turn before the call (see AgentStep.said) */
  said?: string;
  /** an MCP server asks for an answer from the user's model (`sampling/createMessage`), not a tool call */
  sampling?: SamplingCardInfo;
}
