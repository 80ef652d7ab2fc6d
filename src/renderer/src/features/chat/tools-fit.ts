// The tools an agent run offers, as the page holds them and `agent:run` (and
// `chat:plan`, which fits the run with its tool list) takes them. When a run
// cannot fit, the core's refusal says how much of it is the tool list
// (SendRefusal's `toolTokens`), so the user knows to switch tools off or pick fewer.

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

export type { SendRefusal } from '@shared/chat/send-plan';
