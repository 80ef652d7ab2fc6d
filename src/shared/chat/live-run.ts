// A request the core is answering right now, as a page that did not start it
// (a reload, a second window) needs it to show the answer where it stands:
// the text of the turn streaming now, the agent's steps, approval cards and
// open form cards.
import type { ElicitRequest } from '../mcp/mcp-server-asks';
import type { AgentStep, ConsentRequest } from '../tools/agent/agent-types';
import type { ConsentAnswer } from '../tools/consent';
import type { StreamingMessage } from './types';

/** An approval card of a live run, and the answer once the user gave one. */
export interface LiveAsk {
  request: ConsentRequest;
  answer: ConsentAnswer | null;
}

export interface LiveRun {
  requestId: string;
  kind: 'chat' | 'agent';
  conversationId: string;
  /** the answer's message id in the history */
  answerId: string;
  /**
   * the stream being received now: the request id itself, or `<requestId>:<n>` for an agent run's turn n; null before
   * the first event
   */
  turn: string | null;
  /** that stream so far */
  message: StreamingMessage;
  steps: AgentStep[];
  asks: LiveAsk[];
  /** the MCP servers' questions still waiting for an answer (form cards); one answered or cancelled is gone */
  forms: ElicitRequest[];
  /** tools allowed for the whole conversation, as the run knows it */
  allowed: string[];
  startedAt: number;
}

/** How a live request ended; the answer itself is in the history by then. */
export interface RunEnded {
  requestId: string;
  conversationId: string;
  answerId: string;
}
