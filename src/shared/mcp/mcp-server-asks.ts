// What an MCP server may ask EVA while one of its tools runs: a question for
// the user (`elicitation/create`, shown as a form card) and an answer from the
// user's model (`sampling/createMessage`, shown as an approval card). The agent
// run hands the tool call a `ServerAsks`, so what the server asks reaches the
// conversation that made the call.
import { z } from 'zod';
import type { ElicitAnswer, ElicitField } from './elicit-form';

/** The form card (`agent:elicit`): the run waits for `agent:elicit-answer`. */
export interface ElicitRequest {
  /** the agent run */
  requestId: string;
  askId: string;
  /** the server's name in mcp.json, and the tool whose call asks */
  server: string;
  tool: string;
  /** the server's question, shown above the fields */
  message: string;
  fields: ElicitField[];
}

/** A form card the core no longer waits for (`agent:elicit-closed`): answered, here or elsewhere, or cancelled. */
export type ElicitClosed = Pick<ElicitRequest, 'requestId' | 'askId'>;

/** The user's answer to a form card; the core checks the values against the fields again. */
export const ElicitAnswerInputSchema = z.object({
  askId: z.string().min(1).max(100),
  answer: z.discriminatedUnion('action', [
    z.object({
      action: z.literal('accept'),
      content: z.record(z.string().max(200), z.union([z.string().max(100_000), z.number(), z.boolean()])),
    }),
    z.object({ action: z.literal('decline') }),
    z.object({ action: z.literal('cancel') }),
  ]),
});
export type ElicitAnswerInput = z.infer<typeof ElicitAnswerInputSchema>;

/** What the approval card of a sampling request shows beside the messages: who would answer, and how much. */
export interface SamplingCardInfo {
  server: string;
  /** the model of the run's endpoint, as the user knows it */
  model: string;
  maxTokens: number;
}

/** A server's request for a completion, read to what EVA sends its model. */
export interface SamplingRequest {
  server: string;
  tool: string;
  systemPrompt?: string;
  messages: { role: 'user' | 'assistant'; text: string }[];
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
}

/** The model's answer for the server, or why there is none: the user refused, or the model failed. */
export type SamplingReply =
  | { ok: true; text: string; model: string; stopReason: 'endTurn' | 'maxTokens' }
  | { ok: false; refused: boolean; message: string };

/** Handed to a tool call by the run that makes it: where the server's questions go. */
export interface ServerAsks {
  elicit(question: Omit<ElicitRequest, 'requestId' | 'askId'>, signal?: AbortSignal): Promise<ElicitAnswer>;
  sample(request: SamplingRequest, signal?: AbortSignal): Promise<SamplingReply>;
}
