// An answer that came from an agent run: its final text and state, and (for a
// saved one) the steps kept beside it in the history.
import type { StoredMessage } from '@shared/history/types';
import { keptCitations } from '@shared/knowledge/knowledge-citations';
import type { AgentStep } from '@shared/tools/agent/agent-types';
import type { AgentRunOutput } from '../agent/agent-store';
import type { RunOutcome } from '../agent/agent-runs';
import { streamingAnswer, type AnswerState } from './conversation';

/** The run's final answer as the list shows it; the step cards show the rest. */
export function answerFromRun(output: AgentRunOutput): AnswerState {
  const last = output.lastResult;
  const base: AnswerState = {
    ...streamingAnswer(),
    content: output.answer,
    reasoning: last?.reasoning ?? '',
    timings: last?.timings ?? null,
    usage: last?.usage ?? null,
    slotId: last?.slotId ?? null,
    finishReason: last?.finishReason ?? null,
    elapsedMs: last?.elapsedMs,
    ...(last?.author ? { author: last.author } : {}),
  };
  switch (output.end) {
    case 'answered':
    case 'max_steps':
      return { ...base, status: 'done' };
    case 'stopped':
      return { ...base, status: 'stopped' };
    case 'error':
      return {
        ...base,
        status: 'error',
        error: last?.error ?? { code: 'agent_error', message: output.steps.at(-1)?.output ?? 'the agent run failed' },
      };
  }
}

/** The saved run beside an answer in the history (`extra.agent`), or null for a plain answer. */
/**
 * A saved agent run's steps and end. Never its consent: that lives in memory for the session, not in files a crafted
 * import could fill.
 */
export function savedRun(message: Pick<StoredMessage, 'extra'>): RunOutcome | null {
  const agent = message.extra?.agent as Partial<RunOutcome> | undefined;
  if (!agent || typeof agent !== 'object' || typeof agent.end !== 'string') return null;
  return {
    end: agent.end,
    steps: Array.isArray(agent.steps) ? agent.steps.filter(isStepLike).map(shownStep) : [],
    protocol: agent.protocol,
  };
}

const CONSENT_KINDS: readonly unknown[] = ['allow_once', 'allow_conversation', 'allow_server', 'deny'];

function isStepLike(value: unknown): value is AgentStep {
  return typeof value === 'object' && value !== null && typeof (value as AgentStep).index === 'number';
}

/** A saved step's optional fields only as the view can show them (an imported file may carry anything there). */
function shownStep(step: AgentStep): AgentStep {
  const { said, consent, turn, askId, citations, ...rest } = step;
  const cited = keptCitations(citations);
  return {
    ...rest,
    ...(cited.length > 0 ? { citations: cited } : {}),
    ...(typeof said === 'string' && said !== '' ? { said } : {}),
    ...(CONSENT_KINDS.includes(consent) ? { consent } : {}),
    ...(Number.isInteger(turn) ? { turn } : {}),
    ...(typeof askId === 'string' ? { askId } : {}),
  };
}
