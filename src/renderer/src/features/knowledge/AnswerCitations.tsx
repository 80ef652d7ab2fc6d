// Citations where the chat shows them: under an answer whose prompt got passages
// (the composer's knowledge toggle) and on a `knowledge` tool step's card. Each
// names its file, page or lines and score, and opens the passage in its source
// (the PassageDialog that KnowledgeToggle keeps in the composer).
import { useStore } from 'zustand';
import type { KnowledgeHit } from '@shared/knowledge/knowledge-types';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { knowledgeStoreFor, type KnowledgeStore } from './knowledge-store';
import { sourceVars } from './knowledge-words';
import './knowledge.css';

/** Under an answer: the citations saved with it, or, while it is new, the ones its request got. */
export function AnswerCitations({ requestId, saved }: { requestId: string; saved?: readonly KnowledgeHit[] }) {
  const { api } = useAppModel();
  const store = knowledgeStoreFor(api);
  const live = useStore(store.state, (s) => s.cited[requestId]);
  const hits = saved && saved.length > 0 ? saved : live;
  if (!hits || hits.length === 0) return null;
  return <CitedPassages hits={hits} store={store} testId="answer-citations" />;
}

/** On a `knowledge` step card: the passages the call found. */
export function StepCitations({ hits }: { hits: readonly KnowledgeHit[] }) {
  const { api } = useAppModel();
  if (hits.length === 0) return null;
  return <CitedPassages hits={hits} store={knowledgeStoreFor(api)} testId="step-citations" />;
}

function CitedPassages({
  hits,
  store,
  testId,
}: {
  hits: readonly KnowledgeHit[];
  store: KnowledgeStore;
  testId: string;
}) {
  const t = useT();
  const { notices } = useAppModel();
  // A citation outlives its passage (the file or base was removed since): the chat has no error line of the page's, so
  // a notice says why nothing opens.
  const open = async (hit: KnowledgeHit): Promise<void> => {
    const error = await store.open(hit.baseId, hit.id);
    if (error) notices.reportError(error);
  };
  return (
    <div className="knowledge-cited-list" data-testid={testId}>
      <span className="muted small">{t('knowledge.sources')}</span>
      <ol>
        {hits.map((hit, index) => (
          <li key={`${hit.baseId}/${hit.id}`}>
            <button
              type="button"
              className="btn btn-ghost btn-tiny"
              data-testid="cited-passage"
              title={hit.text}
              onClick={() => void open(hit)}
            >
              [{index + 1}]{' '}
              {t(hit.source.page ? 'knowledge.source.page' : 'knowledge.source.lines', sourceVars(hit.source))}
            </button>
            <span className="muted small"> {t('knowledge.citationScore', { score: hit.score.toFixed(4) })}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
