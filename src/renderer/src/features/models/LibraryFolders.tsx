import type { LibraryListing } from '@shared/models/model-library';
import { useT } from '../../i18n';
import { useLibrary } from './use-library';

/** The folders the library scans: add one with the file browser, remove one (its files stay on disk). */
export function LibraryFolders({ listing }: { listing: LibraryListing }) {
  const t = useT();
  const { library, browser } = useLibrary();
  const add = async (): Promise<void> => {
    const folder = await browser.open('folder', listing.folders.at(-1));
    if (folder !== null) await library.addFolder(folder);
  };
  return (
    <details className="library-folders" data-testid="library-folders">
      <summary>{t('library.folders', { count: Math.max(1, listing.folders.length) })}</summary>
      <ul>
        {listing.folders.length === 0 && (
          <li className="mono">
            {listing.downloadFolder} <span className="muted">{t('library.folderDefault')}</span>
          </li>
        )}
        {listing.folders.map((folder) => (
          <li key={folder} data-testid="library-folder">
            <span className="mono">{folder}</span>
            {folder === listing.downloadFolder && <span className="muted"> {t('library.folderDownloads')}</span>}
            <button
              type="button"
              className="btn btn-tiny"
              aria-label={t('library.removeFolder', { folder })}
              data-testid="library-remove-folder"
              onClick={() => void library.removeFolder(folder)}
            >
              {t('library.remove')}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-small" data-testid="library-add-folder" onClick={() => void add()}>
        {t('library.addFolder')}
      </button>
    </details>
  );
}
