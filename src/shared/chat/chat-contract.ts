// The chat area's part of the contract: sending (and its plan), stopping, what
// the endpoint says about itself, reading ahead, the requests answered now, and
// the stream events. contract.ts spreads these into the one contract.
import { z } from 'zod';
import { channel, requestRef } from '../contract-parts';
import type { ChatResult, ServerProps } from '../core-types';
import { IdSchema } from '../history/schemas';
import type { SummaryCheckpoint } from '../history/types';
import { CountTokensSchema, type TokenCount } from './context-types';
import type { LiveRun, RunEnded } from './live-run';
import { PrefillSchema, type PrefillResult } from './prefill';
import { ChatSendSchema, EndpointRefSchema } from './schemas';
import { SendPlanSchema, type SendPlan } from './send-plan';
import { StructuredOutputSchema, type SchemaProblem } from './structured-output';
import type { StreamEvent } from './types';

const liveRunsInput = z.object({ conversationId: IdSchema }).strict();
const propsInput = z.object({ endpoint: EndpointRefSchema }).strict().optional();
const checkSchemaInput = z.object({ schema: StructuredOutputSchema.shape.schema }).strict();

export const chatChannels = {
  /**
   * Stream one answer; events arrive as `chat:stream`, the promise resolves with the final state (also when stopped or
   * failed).
   */
  'chat:send': channel<typeof ChatSendSchema, ChatResult>(ChatSendSchema),
  /**
   * The plan `chat:send` would apply to this input (knowledge passages in, fitted by the overflow policy with the exact
   * count): what the context meter shows, and a refusal before anything is sent.
   */
  'chat:plan': channel<typeof SendPlanSchema, SendPlan>(SendPlanSchema),
  /**
   * Compact now (the context meter's Compact): the model summarises all but the last few exchanges of this input's
   * saved messages (`fit.saved`), the summary is kept in the history as a checkpoint, and the plan with it in place is
   * measured for the meter. Refused with the reason when there is nothing to summarise or the summary failed.
   */
  'chat:compact': channel<typeof SendPlanSchema, { plan: SendPlan; checkpoint: SummaryCheckpoint }>(SendPlanSchema),
  'chat:stop': channel<typeof requestRef, { stopped: boolean }>(requestRef),
  /** What the endpoint (default: the local server) says about itself; null where it cannot say (a hosted API). */
  'chat:props': channel<typeof propsInput, ServerProps | null>(propsInput),
  /**
   * The prompt's size as it would be sent: exact (the server's template and tokenizer) for llama-server, else
   * chars/3.5.
   */
  'chat:count-tokens': channel<typeof CountTokensSchema, TokenCount>(CountTokensSchema),
  /** Read the draft question into the local server's KV cache while the user types (@shared/chat/prefill.ts). */
  'chat:prefill': channel<typeof PrefillSchema, PrefillResult>(PrefillSchema),
  /** Whether an object is a JSON schema a conversation can require of its answers (ajv, which the page cannot run). */
  'chat:check-schema': channel<typeof checkSchemaInput, { problem: SchemaProblem | null }>(checkSchemaInput),
  /**
   * Requests of this conversation the core is answering now (a reloaded or second page re-attaches to them); each ends
   * with `chat:ended`.
   */
  'runs:live': channel<typeof liveRunsInput, { runs: LiveRun[] }>(liveRunsInput),
} as const;

/** The chat area's events (merged into contract.ts's EventPayloads). */
export interface ChatEventPayloads {
  /** parsed stream events of one `chat:send`, in order, batched */
  'chat:stream': { requestId: string; events: StreamEvent[] };
  /** a recorded chat request or agent run is over and its answer saved */
  'chat:ended': RunEnded;
}

export const CHAT_EVENT_NAMES: Record<keyof ChatEventPayloads, true> = {
  'chat:stream': true,
  'chat:ended': true,
};
