import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import type { AgentRunState } from './agent-runs';
import { ApprovalCard } from './ApprovalCard';
import { answerText, outcomeText } from './approval-outcome';
import { runTimeline } from './run-timeline';
import { RunForms } from './RunForms';
import { RunningCall } from './RunningCall';
import type { ReactNode } from 'react';
import { StepCard } from './StepCard';
import { useAgentRun } from './use-agent-run';

/**
 * A run as it happened (`renderText` draws the model's words, as the answer draws its own): what the model said, its
 * calls (each once: a card while it waits, a step when done), and why it ended if not with an answer.
 */
export function AgentRunView({ runId, renderText }: { runId: string; renderText: (text: string) => ReactNode }) {
  const t = useT();
  const { agent } = useAppModel();
  const run = useAgentRun(runId);
  if (!run) return null;
  // A first call that did not ask has nothing in the timeline yet, but may report progress.
  if (run.entries.length === 0 && !endNote(run) && !run.protocol?.fallback)
    return run.running ? (
      <>
        <RunForms runId={runId} />
        <RunningCall run={run} />
      </>
    ) : null;
  const timeline = runTimeline(run);
  const firstOpen = timeline.find((item) => item.kind === 'card' && item.card.state === 'pending');
  return (
    <div
      className="agent-run"
      data-testid="agent-run"
      data-run-id={runId}
      data-running={run.running}
      data-end={run.end ?? ''}
    >
      {timeline.map((item) =>
        item.kind === 'said' ? (
          <div key={`said-${item.turn}`} className="agent-said markdown" data-testid="agent-said" data-turn={item.turn}>
            {renderText(item.text)}
          </div>
        ) : item.kind === 'step' ? (
          <StepCard
            key={`step-${item.step.index}`}
            step={item.step}
            consent={
              item.card ? outcomeText(t, item.card) : item.step.consent ? answerText(t, item.step.consent) : null
            }
          />
        ) : (
          <ApprovalCard
            key={`ask-${item.card.request.askId}`}
            card={item.card}
            autoFocus={item === firstOpen}
            onAnswer={(choice, reason) => void agent.answer(item.card.request.askId, choice, reason)}
          />
        ),
      )}
      {run.running && <RunForms runId={runId} />}
      {run.running && <RunningCall run={run} />}
      {run.protocol?.fallback && (
        <p className="agent-run-note" data-testid="agent-protocol-fallback">
          {t('agent.run.fallback', { reason: run.protocol.fallback })}
        </p>
      )}
      {endNote(run) && (
        <p
          className={`agent-run-end end-${run.end}`}
          data-testid="agent-run-end"
          role={run.error ? 'alert' : undefined}
        >
          {endNote(run) === 'error'
            ? t('agent.run.error', { message: run.error?.message ?? '' })
            : endNote(run) === 'stopped'
              ? t('agent.run.stopped')
              : t('agent.run.maxSteps')}
        </p>
      )}
    </div>
  );
}

/** Only endings the answer does not explain get a note; an error without a message is the answer's to show. */
function endNote(run: AgentRunState): 'stopped' | 'max_steps' | 'error' | null {
  if (run.running || run.end === null || run.end === 'answered') return null;
  if (run.end === 'error') return run.error ? 'error' : null;
  return run.end;
}
