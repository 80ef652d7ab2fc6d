import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import type { AgentRunState } from './agent-runs';
import { ApprovalCard } from './ApprovalCard';
import { StepCard } from './StepCard';
import { useAgentRun } from './use-agent-run';

/** A run's steps and approval cards in the order they happened, and why it ended if not with an answer. */
export function AgentRunView({ runId }: { runId: string }) {
  const t = useT();
  const { agent } = useAppModel();
  const run = useAgentRun(runId);
  if (!run || (run.entries.length === 0 && !endNote(run) && !run.protocol?.fallback)) return null;
  const firstOpen = run.entries.find((entry) => entry.kind === 'card' && entry.card.state === 'pending');
  return (
    <div className="agent-run" data-testid="agent-run" data-run-id={runId} data-running={run.running} data-end={run.end ?? ''}>
      {run.entries.map((entry) =>
        entry.kind === 'step' ? (
          <StepCard key={`step-${entry.step.index}`} step={entry.step} />
        ) : (
          <ApprovalCard
            key={`ask-${entry.card.request.askId}`}
            card={entry.card}
            autoFocus={entry === firstOpen}
            onAnswer={(choice, reason) => void agent.answer(entry.card.request.askId, choice, reason)}
          />
        ),
      )}
      {run.protocol?.fallback && (
        <p className="agent-run-note" data-testid="agent-protocol-fallback">
          {t('agent.run.fallback', { reason: run.protocol.fallback })}
        </p>
      )}
      {endNote(run) && (
        <p className={`agent-run-end end-${run.end}`} data-testid="agent-run-end" role={run.error ? 'alert' : undefined}>
          {endNote(run) === 'error' ? t('agent.run.error', { message: run.error?.message ?? '' }) : endNote(run) === 'stopped' ? t('agent.run.stopped') : t('agent.run.maxSteps')}
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
