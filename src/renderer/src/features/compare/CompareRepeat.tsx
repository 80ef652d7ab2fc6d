// A run again, later, like for like: the same prompts and settings, with one
// column's model swapped for another file (a new quantization) or none; and, on
// a repeat, each column's figures beside the run it repeats.
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { likeForLike } from '@shared/compare/compare-figures';
import type { CompareRunView } from '@shared/compare/compare-types';
import { useT } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { entrantKey, entrantOf } from './compare-form';
import type { CompareStore } from './compare-store';
import { formatRate, letterOf } from './compare-words';

export function CompareRepeat({ store, run }: { store: CompareStore; run: CompareRunView }) {
  const t = useT();
  const id = useId();
  const candidates = useStore(store.state, (s) => s.candidates);
  const busy = useStore(store.state, (s) => s.busy);
  const [columnId, setColumnId] = useState('');
  const [model, setModel] = useState('');
  const entrant = entrantOf(model);
  const ready = columnId === '' || entrant !== null;
  return (
    <fieldset className="compare-repeat" data-testid="compare-repeat">
      <legend>{t('compare.repeat')}</legend>
      <p className="field-hint">{t('compare.repeat.hint')}</p>
      <div className="compare-repeat-row">
        <div className="field">
          <label htmlFor={`${id}-column`}>{t('compare.repeat.column')}</label>
          <select
            id={`${id}-column`}
            className="input"
            value={columnId}
            data-testid="compare-repeat-column"
            onChange={(event) => setColumnId(event.target.value)}
          >
            <option value="">{t('compare.repeat.none')}</option>
            {run.columns.map((column) => (
              <option key={column.id} value={column.id}>
                {t('compare.column', { letter: letterOf(column.id) })}
                {column.name ? ` · ${column.name}` : ''}
              </option>
            ))}
          </select>
        </div>
        {columnId !== '' && (
          <div className="field">
            <label htmlFor={`${id}-model`}>{t('compare.repeat.model')}</label>
            <select
              id={`${id}-model`}
              className="input"
              value={model}
              data-testid="compare-repeat-model"
              onChange={(event) => setModel(event.target.value)}
            >
              <option value="">{t('compare.slot.choose')}</option>
              {candidates?.files.map((file) => (
                <option key={file.path} value={entrantKey({ kind: 'file', path: file.path })}>
                  {`${file.fileName} · ${formatBytes(file.sizeBytes)}`}
                </option>
              ))}
              {candidates?.pool.map((pooled) => (
                <option key={pooled.id} value={entrantKey({ kind: 'pool', id: pooled.id })}>
                  {pooled.id}
                </option>
              ))}
            </select>
          </div>
        )}
        <button
          type="button"
          className="btn"
          disabled={!ready || busy || run.running}
          data-testid="compare-repeat-start"
          onClick={() => void store.repeat(columnId !== '' && entrant ? { columnId, entrant } : null)}
        >
          {t('compare.repeat.start')}
        </button>
      </div>
    </fieldset>
  );
}

export function LikeForLike({ store, run }: { store: CompareStore; run: CompareRunView }) {
  const t = useT();
  const earlier = useStore(store.state, (s) => (s.earlier?.id === run.repeatOf ? s.earlier : null));
  if (!earlier || run.hidden || earlier.hidden) return null;
  const rows = likeForLike(earlier, run);
  const rate = (value: number | null) => (value === null ? '–' : formatRate(value));
  return (
    <section className="compare-like" aria-labelledby="compare-like-title" data-testid="compare-like-for-like">
      <h3 id="compare-like-title">{t('compare.like.title', { title: earlier.title })}</h3>
      <table className="compare-like-table">
        <thead>
          <tr>
            <th scope="col">{t('compare.like.column')}</th>
            <th scope="col">{t('compare.like.before')}</th>
            <th scope="col">{t('compare.like.after')}</th>
            <th scope="col">{t('compare.like.ratio')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.columnId} data-testid="compare-like-row" data-swapped={row.swapped}>
              <th scope="row">{letterOf(row.columnId)}</th>
              <td>
                {row.before.name} · {t('compare.fig.rate', { value: rate(row.before.summary.tokensPerSecond) })}
              </td>
              <td>
                {row.after.name}
                {row.swapped ? ` (${t('compare.like.swapped')})` : ''} ·{' '}
                {t('compare.fig.rate', { value: rate(row.after.summary.tokensPerSecond) })}
              </td>
              <td>{row.speedRatio === null ? '–' : `${row.speedRatio.toFixed(2)}×`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
