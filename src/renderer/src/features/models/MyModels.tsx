// "My models": every `.gguf` in the library folders, shown from the first run on.
// Picking one fills the load form (with its projector when one pairs with it); Load
// fills it and loads at once. A file that is not a usable GGUF says what is wrong.
import type { LibraryModel as LibraryEntry } from '@shared/models/model-library';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { appErrorText } from '../../ui/app-error-text';
import { DropStatus } from './DropStatus';
import { LibraryFolders } from './LibraryFolders';
import { ModelRow } from './ModelRow';
import { useLibrary } from './use-library';
import './models.css';

interface Props {
  /** the model path in the form, highlighted in the list */
  current: string;
  onPick: (model: LibraryEntry) => void;
  onLoad: (model: LibraryEntry) => void;
  onDiscover: () => void;
}

export function MyModels({ current, onPick, onLoad, onDiscover }: Props) {
  const t = useT();
  const { library } = useLibrary();
  const { listing, loading, error } = useStore(library.store);
  const models = listing?.models.filter((model) => !model.isProjector) ?? [];

  return (
    <section className="library" aria-labelledby="library-title" data-testid="library">
      <header className="library-head">
        <h3 id="library-title">{t('library.title')}</h3>
        <span className="muted" aria-live="polite">
          {loading && listing === null
            ? t('library.loading')
            : listing
              ? t('library.count', { count: models.length })
              : ''}
        </span>
        <button
          type="button"
          className="btn btn-tiny"
          data-testid="library-rescan"
          disabled={loading}
          onClick={() => void library.refresh()}
        >
          {t('library.rescan')}
        </button>
      </header>
      <p className="field-hint library-drop-hint">{t('library.dropHint')}</p>
      <DropStatus />
      {error && (
        <p className="field-error" role="alert" title={error.message}>
          {appErrorText(t, error)}
        </p>
      )}
      {listing && models.length === 0 && (
        <div className="library-empty" data-testid="library-empty">
          <p>{t('library.empty', { folder: listing.downloadFolder })}</p>
          <button type="button" className="btn btn-small" data-testid="library-discover" onClick={onDiscover}>
            {t('library.findModel')}
          </button>
        </div>
      )}
      {models.length > 0 && (
        <ul className="library-list" aria-label={t('library.title')}>
          {models.map((model) => (
            <ModelRow
              key={model.path}
              model={model}
              current={model.path === current}
              onPick={() => onPick(model)}
              onLoad={() => onLoad(model)}
            />
          ))}
        </ul>
      )}
      {listing && <LibraryFolders listing={listing} />}
    </section>
  );
}
