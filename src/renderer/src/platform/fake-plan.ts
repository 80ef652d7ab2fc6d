// `chat:plan` and `chat:compact` in the in-memory platform: the core's own
// planner (@shared/chat/send-planner), fed by this platform's token count, tools
// prompt and history, so a page fitted here is fitted as the core fits it. It
// puts no passages in (the fake knowledge base cites at the send), and its
// summaries are written by a stand-in for the model: the first words of each
// message, said to be a stand-in.
import { createCompaction, type CheckpointKeeper } from '@shared/chat/compaction';
import { createSendPlanner } from '@shared/chat/send-planner';
import { toAppError } from '@shared/errors';
import type { InvokeInput, InvokeOutput } from '@shared/contract';
import type { Result } from './types';

type Answer<T> = Result<T> | Promise<Result<T>>;
type Handler<C extends 'chat:plan' | 'chat:compact'> = (input: InvokeInput<C>) => Promise<Result<InvokeOutput<C>>>;

/** Words of each message the stand-in summary keeps. */
const STAND_IN_WORDS = 8;

export function createFakePlan(deps: {
  count: (input: InvokeInput<'chat:count-tokens'>) => Answer<InvokeOutput<'chat:count-tokens'>>;
  toolsPrompt: (input: InvokeInput<'agent:tools-prompt'>) => Answer<InvokeOutput<'agent:tools-prompt'>>;
  checkpoints: CheckpointKeeper;
}): { 'chat:plan': Handler<'chat:plan'>; 'chat:compact': Handler<'chat:compact'> } {
  const compaction = createCompaction({
    keeper: deps.checkpoints,
    write: async ({ messages }) => ({
      text: `(In-memory stand-in summary) ${String(messages.at(-1)?.content ?? '')
        .split(/\n\n/)
        .map((line) => line.split(/\s+/).slice(0, STAND_IN_WORDS).join(' '))
        .join(' / ')}`,
    }),
  });
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
    compaction,
  });
  const answer =
    <T>(work: () => Promise<T>) =>
    async (): Promise<Result<T>> => {
      try {
        return { ok: true, value: await work() };
      } catch (error) {
        return { ok: false, error: toAppError(error) };
      }
    };
  return {
    'chat:plan': (input) => answer(() => planner.plan(input as Parameters<typeof planner.plan>[0]))(),
    'chat:compact': (input) => answer(() => planner.compact(input as Parameters<typeof planner.compact>[0]))(),
  };
}
