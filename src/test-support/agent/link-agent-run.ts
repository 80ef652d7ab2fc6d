// The `agent:run` input the core-level agent tests send: one question to the
// scripted model behind a link, the test agent's prompt, no approvals carried.
import type { InvokeInput } from '@shared/contract';

export const TEST_AGENT_PROMPT = 'You are a test agent.';

type AgentRunInput = InvokeInput<'agent:run'>;

export function linkAgentRun(
  linkId: string,
  requestId: string,
  question: string,
  extra: Partial<AgentRunInput> = {},
): AgentRunInput {
  return {
    requestId,
    endpoint: { kind: 'link', linkId },
    systemPrompt: TEST_AGENT_PROMPT,
    messages: [{ role: 'user', content: question }],
    sampling: { max_tokens: 200 },
    idSlot: null,
    conversationAllowed: [],
    ...extra,
  };
}

/** Saved as a new conversation: question `q`, answer `ans`. */
export function newConversationRecord(conversationId: string, question: string): NonNullable<AgentRunInput['record']> {
  return {
    conversationId,
    parentId: null,
    answerId: 'ans',
    question: { id: 'q', content: question },
    create: { systemPrompt: TEST_AGENT_PROMPT },
  };
}
