// The page's side of the one fit: the request a send makes (the whole
// conversation, with how the core fits it: chat-request.ts) and the plan the
// core applies to it (`chat:plan`, @shared/chat/send-planner), asked before
// anything is shown so a prompt that cannot fit is refused with the numbers. The
// send (send-message.ts) and reading ahead (read-ahead.ts) both fit here, so a
// draft read ahead is the prompt then sent. The page only skips asking where the
// core would not count either: n_ctx unknown, or a plain chat far below the
// budget with no passages to add; the send then goes ahead in the same tick as
// the key press.
import { surelyFitsContext } from '@shared/chat/context-fit';
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { SendPlan, SendRefusal } from '@shared/chat/send-plan';
import type { ChatMessage } from '@shared/chat/types';
import type { Result } from '@shared/errors';
import { joinSummary } from '@shared/chat/summary-prompt';
import type { EvaApi } from '../../platform/types';
import { sendRequest, type ChatSendRequest, type PlanInput } from './chat-request';
import { runToolFields, type RunTools } from './tools-fit';

export interface SendFitInput extends PlanInput {
  /** the conversation's own overflow policy, else the setting's */
  policy: () => OverflowPolicy;
  /** the agent run's tools; null for a plain chat */
  runTools: RunTools | null;
  /** the composer's knowledge toggle is on: the core puts passages into the question first */
  knowledge: boolean;
}

export interface FittedSend {
  /** the `chat:send` input; the core applies the plan to it */
  input: ChatSendRequest;
  /** messages the plan leaves out */
  dropped: number;
  /** the conversation as the plan keeps it, for what sends it itself (an agent run, reading ahead) */
  messages: ChatMessage[];
  /** the system prompt as the plan has it: with the summary that stands in for the messages left out, where one does */
  systemPrompt: string;
}

export type SendFit = { ok: true; send: FittedSend } | { ok: false; refusal: SendRefusal };

/** `waiting` is told when the fit waits on the core and when that ends. */
export function fitSend(
  api: EvaApi,
  input: SendFitInput,
  waiting: (on: boolean) => void = () => undefined,
): SendFit | Promise<SendFit> {
  const request = sendRequest({ ...input, policy: input.policy() });
  const whole: SendFit = {
    ok: true,
    send: { input: request, dropped: 0, messages: request.messages, systemPrompt: request.systemPrompt },
  };
  if (!needsPlan(input, request)) return whole;
  waiting(true);
  return api
    .invoke('chat:plan', { ...request, ...(input.runTools ? { agent: runToolFields(input.runTools) } : {}) })
    .finally(() => waiting(false))
    .then((planned) => applied(whole, planned));
}

function needsPlan(input: SendFitInput, request: ChatSendRequest): boolean {
  if (input.nCtx === null) return false;
  // The tool list and the passages are only known in the core.
  if (input.runTools || input.knowledge) return true;
  return !surelyFitsContext(request.systemPrompt, request.messages, input.nCtx, request.sampling.max_tokens);
}

function applied(whole: Extract<SendFit, { ok: true }>, planned: Result<SendPlan>): SendFit {
  // Where the core could not plan, the send goes as it is: the core fits it itself at the send, or says why not.
  if (!planned.ok) return whole;
  const plan = planned.value;
  if (!plan.ok) return { ok: false, refusal: plan.refusal };
  const leftOut = new Set(plan.leftOut);
  const messages = whole.send.messages.filter((_, index) => !leftOut.has(index));
  const systemPrompt = plan.summary ? joinSummary(whole.send.systemPrompt, plan.summary.text) : whole.send.systemPrompt;
  return { ok: true, send: { ...whole.send, dropped: plan.dropped, messages, systemPrompt } };
}
