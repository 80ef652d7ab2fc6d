// The plan of a send: what the one fit (send-planner.ts, run by the core)
// makes of a `chat:send` input once the knowledge passages and, for an agent
// run, the tool list are in. The page asks for it (`chat:plan`) to show the
// context meter and to refuse a prompt that cannot fit before anything is shown;
// `chat:send` applies the same plan, so what the meter shows is what is sent.
import { z } from 'zod';
import { AgentRunSchema } from '../tools/schemas';
import type { ContextRefusal } from './context-fit';
import { ChatSendSchema } from './schemas';

const chatSend = ChatSendSchema.options[0];

/** `chat:plan` input: the `chat:send` input a send would make; `agent`: it is an agent run with these tool choices. */
export const SendPlanSchema = chatSend.extend({
  agent: z
    .object({ enableTools: AgentRunSchema.shape.enableTools, disableTools: AgentRunSchema.shape.disableTools })
    .strict()
    .optional(),
  /** the context meter asks: count the prompt even where it surely fits, with its shares, and keep nothing */
  measure: z.literal(true).optional(),
});
export type SendPlanInput = z.infer<typeof SendPlanSchema>;

/** A summary in a plan: which checkpoint, what it covers, its text (joined to the system prompt as sent). */
export interface PlannedSummary {
  checkpointId: string;
  /** the last saved message it covers */
  upToId: string;
  /** how many of the input's first messages it stands in for */
  covered: number;
  text: string;
  /** written for this send (the `compact` policy), not found in the history */
  made: boolean;
}

/** A refused send; `toolTokens` when tools were on: how much of `tokens` the tool list is. */
export type SendRefusal = ContextRefusal & { toolTokens?: number };

/** The plan the page shows and `chat:send` applies. */
export type SendPlan =
  | {
      ok: true;
      /** messages left out to fit the context (those a summary stands in for are not counted) */
      dropped: number;
      /**
       * the indexes in the input's `messages` not sent, summarised or left out (an agent run and reading ahead send the
       * rest themselves, with the summary joined to the system prompt)
       */
      leftOut: number[];
      /** the summary checkpoint standing in for the first `covered` messages, when one does */
      summary?: PlannedSummary;
      /** `compact`, measured only: the prompt does not fit, and its send will have the model summarise first */
      compactDue?: boolean;
      /** the prompt's size (null: not counted, it surely fits or n_ctx is unknown) */
      tokens: number | null;
      exact: boolean;
      /** the knowledge passages put into the last question */
      passages: number;
      /** for the meter (`measure`): the prompt's size before anything is left out, passages and tool list in */
      whole?: number;
      /** for the meter: how much of the prompt the passages, the tool list and the summary take (0: none) */
      passageTokens?: number;
      toolTokens?: number;
      summaryTokens?: number;
    }
  | { ok: false; refusal: SendRefusal };
