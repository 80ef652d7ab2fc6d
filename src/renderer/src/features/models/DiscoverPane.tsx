// Discover: search the hub, open a repository, download one of its files. Downloads
// under way are listed at the top and go on when the dialog closes.
import type { FormEvent } from 'react';
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/format';
import { appErrorText } from '../../ui/app-error-text';
import { DownloadsList } from './DownloadsList';
import { HubFilesView } from './HubFilesView';
import { useLibrary } from './use-library';
import './models.css';

interface Props {
  /** load a finished download's file (fills the form and loads) */
  onLoad: (path: string) => void;
}

export function DiscoverPane({ onLoad }: Props) {
  const t = useT();
  const { hub } = useLibrary();
  const { query, searching, results, searchError, repo } = useStore(hub.store);
  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    void hub.search();
  };
  return (
    <div className="dialog-body discover" data-testid="discover">
      <DownloadsList onLoad={onLoad} />
      {repo !== null ? (
        <HubFilesView />
      ) : (
        <>
          <form className="discover-search" role="search" onSubmit={onSubmit}>
            <label htmlFor="hub-query" className="sr-only">
              {t('library.hub.searchLabel')}
            </label>
            <input
              id="hub-query"
              className="input"
              type="search"
              value={query}
              placeholder={t('library.hub.searchPlaceholder')}
              data-testid="hub-query"
              onChange={(event) => hub.setQuery(event.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={searching} data-testid="hub-search">
              {searching ? t('library.hub.searching') : t('library.hub.search')}
            </button>
          </form>
          {searchError && (
            <p className="field-error" role="alert" title={searchError.message} data-testid="hub-error">
              {appErrorText(t, searchError)}
            </p>
          )}
          {results !== null && results.length === 0 && !searching && (
            <p className="muted">{t('library.hub.noResults', { query })}</p>
          )}
          {results !== null && results.length > 0 && (
            <ul className="hub-results" aria-label={t('library.hub.results')}>
              {results.map((model) => (
                <li key={model.id}>
                  <button
                    type="button"
                    className="hub-result"
                    data-testid="hub-result"
                    onClick={() => void hub.openRepo(model.id)}
                  >
                    <span className="library-name">{model.id}</span>
                    <span className="muted">
                      {t('library.hub.stats', {
                        downloads: formatCount(model.downloads),
                        likes: formatCount(model.likes),
                      })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {results === null && <p className="muted">{t('library.hub.intro')}</p>}
        </>
      )}
    </div>
  );
}
