// One send fitted to the context, as the send (ask-for-answer.ts) and reading
// ahead (read-ahead.ts) both need it, so a draft read ahead is the prompt that
// is then sent. With tools on, the tool list the agent adds to the system prompt
// counts too, where n_ctx is known (tools-fit.ts). A prompt far below the budget
// goes without counting (planWithoutCount); otherwise the overflow policy
// decides with the endpoint's exact count.
import type { OverflowPolicy } from '@shared/chat/overflow-policy';
import type { ChatMessage } from '@shared/chat/types';
import { joinToolsPrompt } from '@shared/tools/agent/tools-prompt';
import type { EvaApi } from '../../platform/types';
import { planChatSend, planWithoutCount, type ChatRequestPlan, type PlanInput } from './chat-request';
import type { ContextRefusal } from './context-fit';
import { agentToolsPrompt, type RunTools } from './tools-fit';

export interface SendFitInput extends PlanInput {
  /** the conversation's own overflow policy, else the setting's; asked only when a count is needed */
  policy: () => OverflowPolicy;
  /** the agent run's tools; null for a plain chat */
  runTools: RunTools | null;
}

export interface SendFit {
  fitted: { ok: true; plan: ChatRequestPlan } | { ok: false; refusal: ContextRefusal };
  /** the tool list fitted with, when there was one */
  toolsPrompt: string | null;
}

/**
 * `waiting` is told when the fit waits on the core (the tool list, a count) and when that ends. Where it need not
 * wait, the fit comes back at once, not as a promise: the send then goes ahead in the same tick as the key press.
 */
export function fitSend(
  api: EvaApi,
  input: SendFitInput,
  waiting: (on: boolean) => void = () => undefined,
): SendFit | Promise<SendFit> {
  if (!input.runTools || input.nCtx === null) return fitWith(api, input, null, waiting);
  const tools = input.runTools;
  waiting(true);
  return agentToolsPrompt(api, tools)
    .finally(() => waiting(false))
    .then((toolsPrompt) => fitWith(api, input, toolsPrompt, waiting));
}

function fitWith(
  api: EvaApi,
  input: SendFitInput,
  toolsPrompt: string | null,
  waiting: (on: boolean) => void,
): SendFit | Promise<SendFit> {
  const { chat } = input;
  const fitChat = toolsPrompt ? { ...chat, systemPrompt: joinToolsPrompt(chat.systemPrompt, toolsPrompt) } : chat;
  const planInput = { ...input, chat: fitChat };
  const quick = planWithoutCount(planInput);
  if (quick) return { fitted: { ok: true, plan: quick }, toolsPrompt };
  const count = (messages: readonly ChatMessage[]) =>
    api
      .invoke('chat:count-tokens', {
        endpoint: chat.endpoint,
        systemPrompt: fitChat.systemPrompt,
        messages: [...messages],
      })
      .then((r) => (r.ok ? r.value : null));
  waiting(true);
  return planChatSend({ ...planInput, policy: input.policy(), count })
    .finally(() => waiting(false))
    .then((fitted) => ({ fitted, toolsPrompt }));
}
