import type { LibraryListing } from '@shared/models/model-library';
import { useT } from '../../i18n';
import { useLibrary } from './use-library';

/**
 * The folders the library scans (the default one always): add one with the file browser, remove one (its files stay
 * on disk), and choose the one downloads go to. Adding a folder never moves the downloads.
 */
export function LibraryFolders({ listing }: { listing: LibraryListing }) {
  const t = useT();
  const { library, browser } = useLibrary();
  const add = async (): Promise<void> => {
    // No folder yet: the browser opens in the models folder.
    const folder = await browser.open('folder', listing.folders.at(-1));
    if (folder !== null) await library.addFolder(folder);
  };
  const rows = [listing.defaultFolder, ...listing.folders.filter((folder) => folder !== listing.defaultFolder)];
  return (
    <details className="library-folders" data-testid="library-folders">
      <summary>{t('library.folders', { count: rows.length })}</summary>
      <ul>
        {rows.map((folder) => {
          const downloads = folder === listing.downloadFolder;
          const isDefault = folder === listing.defaultFolder;
          return (
            <li key={folder} data-testid="library-folder" className={downloads ? 'is-download-folder' : undefined}>
              <span className="mono">{folder}</span>
              {isDefault && <span className="muted"> {t('library.folderDefault')}</span>}
              <label className="check library-download-here" title={t('library.downloadsHereHint')}>
                <input
                  type="radio"
                  name="library-download-folder"
                  data-testid="library-download-here"
                  checked={downloads}
                  aria-label={t('library.downloadsHereFor', { folder })}
                  onChange={() => void library.setDownloadFolder(folder)}
                />{' '}
                {t('library.downloadsHere')}
              </label>
              {!isDefault && (
                <button
                  type="button"
                  className="btn btn-tiny"
                  aria-label={t('library.removeFolder', { folder })}
                  data-testid="library-remove-folder"
                  onClick={() => void library.removeFolder(folder)}
                >
                  {t('library.remove')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn btn-small" data-testid="library-add-folder" onClick={() => void add()}>
        {t('library.addFolder')}
      </button>
    </details>
  );
}
