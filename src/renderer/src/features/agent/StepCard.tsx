import { memo, useMemo, useState } from 'react';
import type { AgentStep } from '@shared/tools/agent/agent-types';
import { useT, type MessageKey } from '../../i18n';
import { argsSummary, formatArgs, formatDuration, stepStatus, stepTone, type StepStatus } from './step-view';
import { StepContent } from './StepContent';
import { serverOfTool } from './step-content-files';
import { truncateOutput } from './truncate-output';
import { StepCitations } from '../knowledge/AnswerCitations';
import './agent.css';

const STATUS_KEYS: Record<StepStatus, MessageKey> = {
  ok: 'agent.step.status.ok',
  error: 'agent.step.status.error',
  timeout: 'agent.step.status.timeout',
  stopped: 'agent.step.status.stopped',
  denied: 'agent.step.status.denied',
  rejected: 'agent.step.status.rejected',
  warning: 'agent.step.status.warning',
};

/**
 * One step of a run, folded to a line (tool, telling argument, the user's answer if it asked, time, status) with what
 * it returned besides text (images, resources) below; open, the arguments and the result.
 */
export const StepCard = memo(function StepCard({ step, consent = null }: { step: AgentStep; consent?: string | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const status = stepStatus(step);
  const preview = useMemo(() => truncateOutput(step.output), [step.output]);
  const title =
    step.kind === 'warning'
      ? t('agent.step.warning')
      : step.kind === 'invalid'
        ? t('agent.step.invalid')
        : (step.tool ?? '');
  const summary = step.kind === 'invalid' && step.tool ? step.tool : argsSummary(step.args);
  const duration = formatDuration(step.durationMs);
  return (
    <div
      className={`step-card kind-${step.kind} tone-${stepTone(status)}`}
      data-testid="step-card"
      data-status={status}
      data-kind={step.kind}
      data-tool={step.tool ?? ''}
      data-open={open}
    >
      <button
        type="button"
        className="step-head"
        aria-expanded={open}
        data-testid="step-toggle"
        onClick={() => setOpen(!open)}
      >
        <span className="fold-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className={`step-title${step.kind === 'tool' ? ' mono' : ''}`}>{title}</span>
        {summary !== '' && <span className="step-summary mono">{summary}</span>}
        {consent !== null && (
          <span className="step-consent" data-testid="step-consent">
            {consent}
          </span>
        )}
        {duration !== '' && <span className="step-duration">{duration}</span>}
        <span className={`step-status tone-${stepTone(status)}`} data-testid="step-status" data-status={status}>
          {t(STATUS_KEYS[status])}
        </span>
      </button>
      {step.content && step.content.length > 0 && (
        <StepContent content={step.content} server={serverOfTool(step.tool)} />
      )}
      {step.citations && step.citations.length > 0 && <StepCitations hits={step.citations} />}
      {open && (
        <div className="step-body">
          {step.args !== null && Object.keys(step.args).length > 0 && (
            <>
              <p className="step-label">{t('agent.step.args')}</p>
              <pre className="step-pre" data-testid="step-args">
                {formatArgs(step.args)}
              </pre>
            </>
          )}
          <p className="step-label">{step.kind === 'tool' ? t('agent.step.result') : t('agent.step.message')}</p>
          <pre className="step-pre" data-testid="step-output">
            {step.output === '' ? t('agent.step.noOutput') : all ? step.output : preview.text}
          </pre>
          {preview.truncated && (
            <button
              type="button"
              className="btn btn-ghost btn-tiny"
              data-testid="step-show-all"
              aria-expanded={all}
              onClick={() => setAll(!all)}
            >
              {all
                ? t('agent.step.showLess')
                : t('agent.step.showAll', { lines: preview.hiddenLines, chars: preview.hiddenChars })}
            </button>
          )}
        </div>
      )}
    </div>
  );
});
