import { useRef } from 'react';
import { useStore } from 'zustand';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import { useT } from '../../i18n';
import { useFocusTrap } from '../../ui/use-focus-trap';
import type { KnowledgeStore } from './knowledge-store';
import { sourceVars } from './knowledge-words';

/** Numbered citations; each opens its passage in its source. */
export function CitationList({ hits, store }: { hits: readonly KnowledgeHit[]; store: KnowledgeStore }) {
  const t = useT();
  return (
    <ol className="knowledge-citations" data-testid="knowledge-citations">
      {hits.map((hit) => {
        const vars = sourceVars(hit.source);
        return (
          <li key={hit.id}>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              data-testid="knowledge-citation"
              onClick={() => void store.open(hit.baseId, hit.id)}
              title={hit.text}
            >
              {t(hit.source.page ? 'knowledge.source.page' : 'knowledge.source.lines', vars)}
            </button>
            <span className="muted small">
              {' '}
              {t('knowledge.scores', {
                score: hit.score.toFixed(4),
                similarity: hit.similarity === null ? '–' : hit.similarity.toFixed(3),
                bm25: hit.bm25 === null ? '–' : hit.bm25.toFixed(2),
              })}
            </span>
            <div className="knowledge-passage small">{hit.text}</div>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The opened passage, highlighted in its source's text: a modal dialog that holds the keyboard (the source takes the
 * focus, so the arrows scroll it), closed by Esc, its × or a click beside it, the focus then back on the citation.
 */
export function PassageDialog({ store }: { store: KnowledgeStore }) {
  const t = useT();
  const opened = useStore(store.state, (s) => s.opened);
  const dialog = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, opened !== null, () => store.close(), '.knowledge-source');
  if (!opened) return null;
  const vars = sourceVars(opened.source);
  return (
    <div
      className="knowledge-dialog"
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={t('knowledge.passage.title')}
      data-testid="knowledge-passage"
      onMouseDown={(event) => event.target === event.currentTarget && store.close()}
    >
      <div className="knowledge-dialog-box">
        <div className="knowledge-dialog-head">
          <strong>{t(opened.source.page ? 'knowledge.source.page' : 'knowledge.source.lines', vars)}</strong>
          <span className="muted small">{opened.source.path}</span>
          <button type="button" className="icon-btn" aria-label={t('common.dismiss')} onClick={() => store.close()}>
            ×
          </button>
        </div>
        <pre className="knowledge-source" tabIndex={0} data-testid="knowledge-passage-source">
          {opened.text.slice(0, opened.start)}
          <mark ref={(el) => el?.scrollIntoView({ block: 'center' })}>
            {opened.text.slice(opened.start, opened.end)}
          </mark>
          {opened.text.slice(opened.end)}
        </pre>
      </div>
    </div>
  );
}
