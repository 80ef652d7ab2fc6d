// `chat:plan` in the in-memory platform: the core's own planner
// (@shared/chat/send-planner), fed by this platform's token count and tools
// prompt, so a page fitted here is fitted as the core fits it. It puts no
// passages in: the fake knowledge base cites at the send.
import { createSendPlanner } from '@shared/chat/send-planner';
import { toAppError } from '@shared/errors';
import type { InvokeInput, InvokeOutput } from '@shared/contract';
import type { Result } from './types';

type Answer<T> = Result<T> | Promise<Result<T>>;

export function createFakePlan(deps: {
  count: (input: InvokeInput<'chat:count-tokens'>) => Answer<InvokeOutput<'chat:count-tokens'>>;
  toolsPrompt: (input: InvokeInput<'agent:tools-prompt'>) => Answer<InvokeOutput<'agent:tools-prompt'>>;
}): (input: InvokeInput<'chat:plan'>) => Promise<Result<InvokeOutput<'chat:plan'>>> {
  const planner = createSendPlanner({
    withKnowledge: async (input) => ({ input, citations: [] }),
    count: async (input) => {
      const counted = await deps.count(input);
      if (!counted.ok) throw new Error(counted.error.message);
      return counted.value;
    },
    toolsPrompt: async (tools) => {
      const prompt = await deps.toolsPrompt(tools);
      return prompt.ok ? prompt.value.text : null;
    },
  });
  return async (input) => {
    try {
      return { ok: true, value: await planner.plan(input as Parameters<typeof planner.plan>[0]) };
    } catch (error) {
      return { ok: false, error: toAppError(error) };
    }
  };
}
