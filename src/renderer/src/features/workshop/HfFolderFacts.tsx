// What a checked Hugging Face folder holds: its architecture (and whether the
// converter knows it), its weights and its tokenizer; then what stops the
// conversion, each problem in the page's words, or that it is ready.
import type { HfFolderCheck } from '@shared/workshop/convert-types';
import { useT } from '../../i18n';
import { formatBytes, formatCount } from '../../lib/format';
import { workshopErrorText } from './workshop-words';

export function HfFolderFacts({ folder }: { folder: HfFolderCheck }) {
  const t = useT();
  const { weights } = folder;
  const none = <span className="muted">{t('convert.facts.none')}</span>;
  return (
    <section className="convert-facts" aria-label={t('convert.facts')} data-testid="convert-facts">
      <dl>
        <dt>{t('convert.facts.architecture')}</dt>
        <dd data-testid="convert-architecture">
          <span className="mono">{folder.architecture ?? t('convert.facts.notStated')}</span>
          {folder.supported === true && <span className="badge">{t('convert.facts.supported')}</span>}
          {folder.supported === false && <span className="badge warn">{t('convert.facts.unsupported')}</span>}
        </dd>
        <dt>{t('convert.facts.weights')}</dt>
        <dd data-testid="convert-weights">
          {weights.files.length === 0
            ? none
            : [
                t('convert.facts.weightFiles', { count: weights.files.length, size: formatBytes(weights.bytes) }),
                weights.parameters !== null
                  ? t('convert.facts.parameters', { count: formatCount(weights.parameters) })
                  : null,
                weights.format,
              ]
                .filter(Boolean)
                .join(' · ')}
          {weights.files.length > 0 && (
            <span className="muted small mono convert-files">{weights.files.join(', ')}</span>
          )}
        </dd>
        <dt>{t('convert.facts.tokenizer')}</dt>
        <dd className="mono" data-testid="convert-tokenizer">
          {folder.tokenizer.length > 0 ? folder.tokenizer.join(', ') : none}
        </dd>
      </dl>
      {folder.problems.length === 0 ? (
        <p className="convert-ready" data-testid="convert-ready">
          {t('convert.ready')}
        </p>
      ) : (
        <ul className="convert-problems" data-testid="convert-problems">
          {folder.problems.map((problem) => (
            <li
              key={`${problem.reason}:${problem.file ?? ''}`}
              className="warning-text"
              data-testid="convert-problem"
              data-reason={problem.reason}
            >
              {workshopErrorText(t, {
                code: 'bad_request',
                message: '',
                details: {
                  reason: problem.reason,
                  path: folder.path,
                  file: problem.file,
                  architecture: folder.architecture,
                },
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
