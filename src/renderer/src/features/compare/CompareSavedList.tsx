// The saved comparisons, newest first: each with its models (or "blind" while
// they are hidden), its prompts and votes, opened or deleted from its row.
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import type { CompareStore } from './compare-store';

export function CompareSavedList({ store }: { store: CompareStore }) {
  const t = useT();
  const runs = useStore(store.state, (s) => s.runs);
  const unreadable = useStore(store.state, (s) => s.unreadable);
  const openId = useStore(store.state, (s) => s.run?.id ?? null);
  return (
    <section className="compare-saved" aria-labelledby="compare-saved-title" data-testid="compare-saved">
      <h2 id="compare-saved-title">{t('compare.saved')}</h2>
      {unreadable > 0 && (
        <p className="inline-error" data-testid="compare-unreadable">
          {t('compare.saved.unreadable', { count: unreadable })}
        </p>
      )}
      {runs.length === 0 ? (
        <p className="muted">{t('compare.saved.none')}</p>
      ) : (
        <ul className="compare-saved-list">
          {runs.map((run) => (
            <li
              key={run.id}
              className={`compare-saved-row${run.id === openId ? ' is-open' : ''}`}
              data-testid="compare-saved-run"
              data-run={run.id}
            >
              <div className="compare-saved-text">
                <strong>{run.title}</strong>
                <span className="muted small">
                  {run.hidden ? t('compare.saved.blind') : run.models.join(' · ')}
                  {' · '}
                  {t('compare.saved.turns', { count: run.turns })}
                  {run.votes > 0 && ` · ${t('compare.saved.votes', { count: run.votes })}`}
                  {run.repeatOf && ` · ${t('compare.saved.repeat')}`}
                  {' · '}
                  {new Date(run.createdAt).toLocaleString()}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={t('compare.saved.open', { title: run.title })}
                data-testid="compare-saved-open"
                onClick={() => void store.open(run.id)}
              >
                {t('compare.saved.openShort')}
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={t('compare.saved.delete', { title: run.title })}
                disabled={run.running}
                data-testid="compare-saved-delete"
                onClick={() => void store.remove(run.id)}
              >
                {t('compare.saved.deleteShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
