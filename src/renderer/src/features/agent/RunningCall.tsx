// The call a run is waiting on, while it reports progress: its tool, a bar when
// it said how far it goes, else its count, and its message.
import { useT } from '../../i18n';
import type { AgentRunState } from './agent-runs';
import { liveProgress, progressFraction, progressNumber } from './call-progress';
import { useCallProgress } from './use-call-progress';
import './step-content.css';

export function RunningCall({ run }: { run: AgentRunState }) {
  const t = useT();
  const shown = liveProgress(useCallProgress(run.runId, run.running), run);
  if (!shown) return null;
  const fraction = progressFraction(shown);
  return (
    <div
      className="running-call"
      role="status"
      data-testid="running-call"
      data-tool={shown.tool}
      data-step={shown.stepIndex}
    >
      <span className="running-call-tool mono">{shown.tool}</span>
      {fraction !== null ? (
        <>
          <progress
            className="running-call-bar"
            max={1}
            value={fraction}
            aria-label={t('agent.progress.label', { tool: shown.tool })}
            data-testid="running-call-bar"
          />
          <span className="running-call-count" data-testid="running-call-count">
            {t('agent.progress.count', {
              progress: progressNumber(shown.progress),
              total: progressNumber(shown.total!),
            })}
          </span>
        </>
      ) : (
        <span className="running-call-count muted" data-testid="running-call-count">
          {t('agent.progress.running', { progress: progressNumber(shown.progress) })}
        </span>
      )}
      {shown.message && (
        <span className="running-call-message" data-testid="running-call-message">
          {shown.message}
        </span>
      )}
    </div>
  );
}
