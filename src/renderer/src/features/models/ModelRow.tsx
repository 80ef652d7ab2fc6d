import type { LibraryModel as LibraryEntry } from '@shared/models/model-library';
import { useT } from '../../i18n';
import { formatBytes, formatCount } from '../../lib/format';
import { problemText } from './problem-text';

interface Props {
  model: LibraryEntry;
  current: boolean;
  onPick: () => void;
  onLoad: () => void;
}

/** One library model: the row picks it, Load picks and loads it; a broken file says why instead. */
export function ModelRow({ model, current, onPick, onLoad }: Props) {
  const t = useT();
  const facts = [
    model.quantization,
    formatBytes(model.sizeBytes),
    model.parameters !== null ? t('library.parameters', { params: model.parameters }) : '',
    model.contextLength > 0 ? t('library.trainedContext', { ctx: formatCount(model.contextLength) }) : '',
  ].filter((fact) => fact !== '');
  return (
    <li
      className={`library-row${current ? ' is-current' : ''}${model.problem ? ' is-broken' : ''}`}
      data-testid="library-model"
      data-path={model.path}
    >
      <button
        type="button"
        className="library-pick"
        title={model.path}
        aria-current={current ? 'true' : undefined}
        disabled={model.problem !== null}
        onClick={onPick}
      >
        <span className="library-name">{model.name}</span>
        <span className="library-facts muted">
          {facts.join(' · ')}
          {model.mmprojPath !== null && (
            <span className="badge lib-badge" title={model.mmprojPath} data-testid="library-projector">
              {t('library.withProjector')}
            </span>
          )}
        </span>
        {model.problem !== null && (
          <span className="field-error" data-testid="library-problem">
            {problemText(t, model)}
          </span>
        )}
        <span className="library-file mono muted">{model.fileName}</span>
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={model.problem !== null}
        aria-label={t('library.loadNamed', { name: model.name })}
        data-testid="library-load"
        onClick={onLoad}
      >
        {t('library.load')}
      </button>
    </li>
  );
}
