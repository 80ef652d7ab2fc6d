// The run on screen: its columns side by side, prompt by prompt, each answer as
// it streams; whether the models run together or one after another (with the
// memory figures); Stop, Show the models (blind), export, a follow-up to every
// column, a repeat with one model swapped, and how a repeat did against the run
// it repeats.
import { useEffect, useRef, type CSSProperties } from 'react';
import { useStore } from 'zustand';
import { columnSummary } from '@shared/compare/compare-figures';
import type { CompareExportFormat, CompareRunView } from '@shared/compare/compare-types';
import { useT } from '../../i18n';
import { downloadText } from '../../lib/download';
import { formatBytes } from '../../lib/format';
import { CompareAnswerCell } from './CompareAnswerCell';
import { CompareRepeat, LikeForLike } from './CompareRepeat';
import type { CompareStore } from './compare-store';
import { formatRate, letterOf, scheduleNote } from './compare-words';

const FORMATS: readonly CompareExportFormat[] = ['json', 'csv', 'markdown'];

export function CompareRunPanel({ store, run }: { store: CompareStore; run: CompareRunView }) {
  const t = useT();
  const busy = useStore(store.state, (s) => s.busy);
  const title = useRef<HTMLHeadingElement>(null);
  // A run coming on screen is where the reader goes next: its title takes the focus (and the page scrolls to it).
  useEffect(() => title.current?.focus(), [run.id]);
  const save = async (format: CompareExportFormat) => {
    const file = await store.exportRun(run.id, format);
    if (file) downloadText(file.text, file.fileName, file.mime);
  };
  const style = { '--compare-columns': run.columns.length } as CSSProperties;
  return (
    <section
      className="compare-run"
      aria-labelledby="compare-run-title"
      data-testid="compare-run"
      data-run={run.id}
      data-running={run.running}
      data-hidden={run.hidden}
    >
      <header className="compare-run-head">
        <h2 id="compare-run-title" ref={title} tabIndex={-1}>
          {run.title}
        </h2>
        <p className="compare-plan" data-testid="compare-run-schedule" data-mode={run.schedule.mode}>
          {scheduleNote(t, run.schedule)}
        </p>
        <p className="muted small" role="status" data-testid="compare-run-state">
          {run.running ? t('compare.run.running') : t('compare.run.idle')}
        </p>
        <div className="compare-actions" role="toolbar" aria-label={t('compare.run.actions')}>
          {run.running && (
            <button type="button" className="btn" data-testid="compare-stop" onClick={() => void store.stop()}>
              {t('compare.stop')}
            </button>
          )}
          {run.hidden && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              data-testid="compare-reveal"
              onClick={() => void store.reveal()}
            >
              {t('compare.reveal')}
            </button>
          )}
          {FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              className="btn btn-ghost"
              data-testid={`compare-export-${format}`}
              onClick={() => void save(format)}
            >
              {t(`compare.export.${format}`)}
            </button>
          ))}
          <button type="button" className="btn btn-ghost" data-testid="compare-close" onClick={() => store.close()}>
            {t('compare.close')}
          </button>
        </div>
      </header>
      <div className="compare-grid compare-heads" style={style}>
        {run.columns.map((column) => {
          const summary = columnSummary(column);
          return (
            <div key={column.id} className="compare-head" data-testid="compare-column-head" data-column={column.id}>
              <strong>{t('compare.column', { letter: letterOf(column.id) })}</strong>
              <span data-testid="compare-column-name">{column.name ?? t('compare.hiddenName')}</span>
              {!run.hidden && summary.tokensPerSecond !== null && (
                <span className="muted small">
                  {t('compare.summary', {
                    rate: formatRate(summary.tokensPerSecond),
                    memory: summary.peakRssBytes === null ? '–' : formatBytes(summary.peakRssBytes),
                  })}
                </span>
              )}
            </div>
          );
        })}
      </div>
      {run.turns.map((turn, index) => (
        <section
          key={index}
          className="compare-turn"
          aria-labelledby={`compare-turn-${index}`}
          data-testid="compare-turn"
        >
          <h3 id={`compare-turn-${index}`} className="compare-turn-title">
            {t(turn.followUp ? 'compare.turn.followUp' : 'compare.turn', { n: index + 1 })}
          </h3>
          <p className="compare-prompt" data-testid="compare-turn-prompt">
            {turn.prompt}
          </p>
          <div className="compare-grid" style={style}>
            {run.columns.map((column) => (
              <CompareAnswerCell key={column.id} store={store} run={run} column={column} turn={index} />
            ))}
          </div>
        </section>
      ))}
      <FollowUp store={store} run={run} />
      {!run.hidden && <p className="muted small">{t('compare.memoryNote')}</p>}
      <LikeForLike store={store} run={run} />
      <CompareRepeat store={store} run={run} />
    </section>
  );
}

function FollowUp({ store, run }: { store: CompareStore; run: CompareRunView }) {
  const t = useT();
  const text = useStore(store.state, (s) => s.followUp);
  const busy = useStore(store.state, (s) => s.busy);
  return (
    <form
      className="compare-follow-up"
      data-testid="compare-follow-up-form"
      onSubmit={(event) => {
        event.preventDefault();
        void store.sendFollowUp();
      }}
    >
      <div className="field">
        <label htmlFor="compare-follow-up">{t('compare.followUp')}</label>
        <textarea
          id="compare-follow-up"
          className="input textarea"
          rows={2}
          value={text}
          data-testid="compare-follow-up"
          onChange={(event) => store.setFollowUp(event.target.value)}
        />
      </div>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={run.running || busy || text.trim() === ''}
        data-testid="compare-follow-up-send"
      >
        {t('compare.followUp.send')}
      </button>
    </form>
  );
}
