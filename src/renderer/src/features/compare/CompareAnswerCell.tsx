// One column's answer to one prompt: its text as it streams (markdown, as in the
// chat), where it stands (waiting for its turn, loading its model, answering,
// stopped, failed), its figures on this machine, and the vote for the best.
import { useStore } from 'zustand';
import type { CompareColumnView, CompareRunView } from '@shared/compare/compare-types';
import { useT, type MessageKey } from '../../i18n';
import { AppErrorLine } from '../../ui/AppErrorLine';
import { Markdown } from '../chat/Markdown';
import { answerKey, type CompareStore } from './compare-store';
import { figureParts, letterOf, memoryNote } from './compare-words';

const STATUS_KEYS: Record<string, MessageKey> = {
  waiting: 'compare.status.waiting',
  loading: 'compare.status.loading',
  streaming: 'compare.status.streaming',
  stopped: 'compare.status.stopped',
};

interface Props {
  store: CompareStore;
  run: CompareRunView;
  column: CompareColumnView;
  turn: number;
}

export function CompareAnswerCell({ store, run, column, turn }: Props) {
  const t = useT();
  const answer = column.answers[turn]!;
  const live = useStore(store.state, (s) => s.live[answerKey(column.id, turn)]);
  const streaming = answer.status === 'streaming';
  const text = streaming && live ? live.content : answer.content;
  const reasoning = streaming && live ? live.reasoning : answer.reasoning;
  const voted = run.votes.some((vote) => vote.turn === turn && vote.columnId === column.id);
  const letter = letterOf(column.id);
  const label = column.name ?? t('compare.column', { letter });
  const statusKey = STATUS_KEYS[answer.status];
  return (
    <article
      className={`compare-answer${voted ? ' is-best' : ''}`}
      aria-label={t('compare.answer.label', { model: label, n: turn + 1 })}
      aria-busy={streaming || answer.status === 'loading'}
      data-testid="compare-answer"
      data-column={column.id}
      data-turn={turn}
      data-status={answer.status}
    >
      {statusKey && (
        <p className="compare-answer-status muted small" data-testid="compare-answer-status">
          {t(statusKey)}
        </p>
      )}
      {reasoning !== '' && (
        <details className="compare-reasoning">
          <summary>{t('compare.reasoning')}</summary>
          <p>{reasoning}</p>
        </details>
      )}
      <div className="compare-answer-text" data-testid="compare-answer-text">
        <Markdown text={text} />
      </div>
      {answer.error && <AppErrorLine error={answer.error} testId="compare-answer-error" />}
      <AnswerFigures run={run} figures={answer.figures} status={answer.status} />
      {(answer.status === 'done' || answer.status === 'stopped') && (
        <button
          type="button"
          className={`btn btn-ghost compare-vote${voted ? ' is-active' : ''}`}
          aria-pressed={voted}
          aria-label={t(voted ? 'compare.voted.label' : 'compare.vote.label', { model: label, n: turn + 1 })}
          disabled={run.running}
          data-testid="compare-vote"
          onClick={() => void store.vote(turn, column.id)}
        >
          {voted ? t('compare.voted') : t('compare.vote')}
        </button>
      )}
    </article>
  );
}

function AnswerFigures({
  run,
  figures,
  status,
}: {
  run: CompareRunView;
  figures: CompareColumnView['answers'][number]['figures'];
  status: string;
}) {
  const t = useT();
  if (status !== 'done' && status !== 'stopped') return null;
  if (run.hidden)
    return (
      <p className="compare-figures muted small" data-testid="compare-figures-hidden">
        {t('compare.fig.hidden')}
      </p>
    );
  const parts = figureParts(t, figures);
  if (parts.length === 0) return null;
  return (
    <p className="compare-figures small" data-testid="compare-figures">
      {parts.map((part, index) => (
        <span key={part.key} data-figure={part.key} title={part.key === 'memory' ? memoryNote(t, figures) : undefined}>
          {index > 0 && ' · '}
          {part.text}
        </span>
      ))}
    </p>
  );
}
