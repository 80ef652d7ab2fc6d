// Fitting an agent run into the context: the tool list the agent adds to the
// system prompt takes its share too. A send with tools on is fitted with that
// list included (chat-store's ask), and when it cannot fit, the refusal says how
// much of it is the tool list, so the user knows to switch tools off or pick fewer.
import type { ChatSendInput } from '@shared/chat/schemas';
import { estimateMessageTokens } from '@shared/chat/token-estimate';
import type { EvaApi } from '../../platform/types';
import type { ContextRefusal } from './context-fit';

/**
 * The tools a run offers: the conversation's extra ones and what its selection leaves out, as `agent:run` takes them.
 */
export interface RunTools {
  enableTools: string[];
  disableTools: string[];
}

/** The tools of the open conversation as a run takes them: its own extra ones, and what its selection leaves out. */
export function runToolsOf(conversationTools: readonly string[], leftOut: readonly string[] | undefined): RunTools {
  return { enableTools: [...conversationTools], disableTools: [...(leftOut ?? [])] };
}

/** `agent:run`'s (and reading ahead's) tool fields: only those that name something. */
export function runToolFields(tools: RunTools): { enableTools?: string[]; disableTools?: string[] } {
  return {
    ...(tools.enableTools.length > 0 ? { enableTools: tools.enableTools } : {}),
    ...(tools.disableTools.length > 0 ? { disableTools: tools.disableTools } : {}),
  };
}

/** A refused send; `toolTokens` when tools were on: how much of `tokens` the tool list is. */
export type SendRefusal = ContextRefusal & { toolTokens?: number };

/**
 * The tools part of the system prompt a run with these tools would send; null when the core cannot say (the send then
 * goes as before).
 */
export async function agentToolsPrompt(api: EvaApi, tools: RunTools): Promise<string | null> {
  const result = await api.invoke('agent:tools-prompt', runToolFields(tools));
  return result.ok ? result.value.text : null;
}

/** The refusal with the tool list's own count; the estimate stands in when the endpoint cannot count. */
export async function withToolTokens(
  api: EvaApi,
  refusal: ContextRefusal,
  toolsPrompt: string,
  endpoint: ChatSendInput['endpoint'],
): Promise<SendRefusal> {
  const counted = await api.invoke('chat:count-tokens', { endpoint, systemPrompt: toolsPrompt, messages: [] });
  return {
    ...refusal,
    toolTokens: counted.ok ? counted.value.tokens : estimateMessageTokens({ content: toolsPrompt }),
  };
}
