// An agent run in the history: the question at once, its steps as they come,
// and the answer with every step at the end (resumable from the saved steps).
import type { ChatRecord } from '@shared/chat/schemas';
import type { AnswerAuthor } from '@shared/chat/types';
import { AppFailure } from '@shared/errors';
import type { MessagePatch, MessageStatus } from '@shared/history/types';
import type { AgentEnd, AgentProtocolReport, AgentStep } from '@shared/tools/agent/agent-types';
import type { ChatRecorder } from './chat-recorder';

/** What an agent run leaves in the history: its answer, and every step it took (in `extra.agent`). */
export interface AgentOutcome {
  end: AgentEnd;
  answer: string;
  steps: AgentStep[];
  conversationAllowed: string[];
  protocol?: AgentProtocolReport;
  /** the run's last model turn: who wrote the answer */
  lastResult?: { author?: AnswerAuthor } | null;
}

export function agentAnswerPatch(outcome: AgentOutcome): MessagePatch {
  const status: MessageStatus = outcome.end === 'stopped' ? 'stopped' : outcome.end === 'error' ? 'error' : 'complete';
  return {
    content: outcome.answer,
    status,
    ...(outcome.lastResult?.author ? { author: { ...outcome.lastResult.author } } : {}),
    ...(outcome.end === 'error'
      ? { error: { code: 'agent_error', message: outcome.steps.at(-1)?.output ?? 'the agent run failed' } }
      : {}),
    // The run's consent ("allowed for this conversation") is not stored: it lives in memory for the session.
    extra: {
      agent: { end: outcome.end, steps: outcome.steps, ...(outcome.protocol ? { protocol: outcome.protocol } : {}) },
    },
  };
}

/**
 * Runs an agent loop and records the question at once, its steps as they come and the answer
 * with every step at the end. With `resume`, the run goes on from the steps saved in its answer.
 */
export async function runRecorded<I extends { record?: ChatRecord; resume?: boolean }, O extends AgentOutcome>(
  recorder: ChatRecorder,
  run: (input: I & { resumed?: readonly AgentStep[] }, observe?: (steps: readonly AgentStep[]) => void) => Promise<O>,
  input: I,
): Promise<O> {
  if (!input.record) {
    if (input.resume)
      throw new AppFailure(
        'bad_request',
        'cannot resume: a run is resumed from its saved answer, and this request names none',
      );
    return run(input);
  }
  const resumed = input.resume ? await recorder.savedSteps(input.record) : undefined;
  if (!resumed) recorder.hold(input.record);
  const exchange = await recorder.begin(input.record, {}, resumed !== undefined);
  try {
    const outcome = await run({ ...input, ...(resumed ? { resumed } : {}) }, (steps) => exchange?.steps(steps));
    await exchange?.end(agentAnswerPatch(outcome));
    return outcome;
  } catch (error) {
    await exchange?.fail(null, error);
    throw error;
  }
}
