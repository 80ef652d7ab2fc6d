// What the Knowledge page says about its embedding model: the warning when the file's
// header shows a chat model (with Start anyway), and the Test's figures with what they mean.
import type { EmbedderTestResult, EmbeddingModelCheck } from '@shared/knowledge/knowledge-types';
import { useT } from '../../i18n';

/** The warning for a chat model; `pending` adds the choice to start it all the same. */
export function ChatModelWarning({
  check,
  pending,
  onInsist,
  onCancel,
}: {
  check: Pick<EmbeddingModelCheck, 'architecture' | 'chatTemplate'>;
  pending: boolean;
  onInsist: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <div className="knowledge-embedder-warning" role="alert" data-testid="knowledge-embedder-warning">
      <p className="small">
        {t(check.chatTemplate ? 'knowledge.embedder.chatModelTemplate' : 'knowledge.embedder.chatModel', {
          arch: check.architecture ?? '?',
        })}
      </p>
      {pending && (
        <div className="knowledge-row">
          <button type="button" className="btn btn-small" data-testid="knowledge-embedder-insist" onClick={onInsist}>
            {t('knowledge.embedder.startAnyway')}
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The Test's figures: the related pair's similarity beside the unrelated one's, and whether the model parts them. */
export function EmbedderTestNote({ test }: { test: EmbedderTestResult }) {
  const t = useT();
  return (
    <div className="small" data-testid="knowledge-embedder-result">
      <p>
        {t('knowledge.embedder.result', {
          dimension: test.dimension,
          related: test.similarity.toFixed(2),
          unrelated: test.unrelatedSimilarity.toFixed(2),
          ms: test.ms,
        })}
      </p>
      <p
        className={test.separates ? 'knowledge-verdict-good' : 'knowledge-verdict-poor'}
        data-testid="knowledge-embedder-verdict"
      >
        {t(test.separates ? 'knowledge.embedder.separates' : 'knowledge.embedder.noSeparation')}
      </p>
    </div>
  );
}
