// The file browser for the browser host (a page cannot see the disk): folders and
// `.gguf` files (any file in 'any' mode) through `models:browse`. A listbox with one highlighted entry:
// ↑/↓/Home/End move, Enter opens a folder or chooses a file, Backspace goes up.
// A path typed in the path box (absolute, or `~/…`) opens on Enter; hidden entries show when asked for.
// Tab stays inside, Esc closes (see use-focus-trap.ts).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { useT, type MessageKey } from '../../i18n';
import { formatBytes } from '../../lib/format';
import { appErrorText } from '../../ui/app-error-text';
import { useFocusTrap } from '../../ui/use-focus-trap';
import type { BrowseMode } from './file-browser-store';
import { useLibrary } from './use-library';

/** The places the core names by kind, in the UI's language (a library folder keeps its own name). */
const PLACE_KEYS = { home: 'library.browse.placeHome', downloads: 'library.browse.placeDownloads' } as const;

const TITLE_KEYS: Record<BrowseMode, MessageKey> = {
  model: 'library.browse.title',
  folder: 'library.browse.titleFolder',
  any: 'library.browse.titleAny',
};

export function FileBrowserDialog() {
  const t = useT();
  const { browser } = useLibrary();
  const { open, mode, listing, loading, error, active, showHidden } = useStore(browser.store);
  const dialog = useRef<HTMLDivElement>(null);
  // What the user is typing in the path box, over the listing it was typed on: a new listing shows its own path.
  const [draft, setDraft] = useState<{ text: string; over: typeof listing } | null>(null);
  const typed = draft !== null && draft.over === listing ? draft.text : null;
  useFocusTrap(dialog, open, browser.close, '[data-testid="browse-list"]');
  useEffect(() => {
    dialog.current?.querySelector('.browse-entry.is-active')?.scrollIntoView({ block: 'nearest' });
  }, [active, listing]);
  if (!open) return null;

  const entries = listing?.entries ?? [];
  const activeEntry = entries[active];
  const optionId = (index: number): string => `browse-entry-${index}`;

  const onListKey = (event: KeyboardEvent): void => {
    const moves: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: 10,
      PageUp: -10,
      Home: -Infinity,
      End: Infinity,
    };
    const delta = moves[event.key];
    if (delta !== undefined) {
      event.preventDefault();
      browser.move(Number.isFinite(delta) ? delta : delta > 0 ? entries.length : -entries.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void browser.activate();
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      void browser.up();
    }
  };

  return (
    <div
      className="overlay overlay-top"
      onMouseDown={(event) => event.target === event.currentTarget && browser.close()}
    >
      <div
        className="dialog browse-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="browse-title"
        data-testid="browse-dialog"
        ref={dialog}
      >
        <div className="dialog-head">
          <h2 id="browse-title">{t(TITLE_KEYS[mode])}</h2>
          <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={browser.close}>
            ×
          </button>
        </div>
        <div className="browse-body">
          <nav className="browse-places" aria-label={t('library.browse.places')}>
            <ul>
              {(listing?.places ?? []).map((place) => (
                <li key={place.path}>
                  <button
                    type="button"
                    className={`browse-place${listing?.path === place.path ? ' is-current' : ''}`}
                    title={place.path}
                    onClick={() => void browser.go(place.path)}
                  >
                    {place.kind ? t(PLACE_KEYS[place.kind]) : place.label}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="browse-main">
            <div className="browse-where">
              <button
                type="button"
                className="btn btn-small"
                data-testid="browse-up"
                disabled={!listing?.parent}
                aria-label={t('library.browse.up')}
                title={t('library.browse.up')}
                onClick={() => void browser.up()}
              >
                ↑
              </button>
              <input
                className="input mono browse-path-input"
                data-testid="browse-path-input"
                aria-label={t('library.browse.pathBox')}
                title={t('library.browse.pathHint')}
                placeholder={t('library.browse.pathHint')}
                spellCheck={false}
                autoComplete="off"
                value={typed ?? listing?.path ?? ''}
                onChange={(event) => setDraft({ text: event.target.value, over: listing })}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  if (typed !== null && typed.trim() !== '') void browser.go(typed.trim());
                }}
              />
              <label className="check browse-hidden">
                <input
                  type="checkbox"
                  data-testid="browse-hidden"
                  checked={showHidden}
                  onChange={(event) => void browser.setShowHidden(event.target.checked)}
                />{' '}
                {t('library.browse.showHidden')}
              </label>
              {/* The folder being listed, announced when it changes: the path box shows it to the eye. */}
              <span className="sr-only" data-testid="browse-path" aria-live="polite">
                {listing?.path ?? ''}
              </span>
            </div>
            {error && (
              <p className="field-error" role="alert" title={error.message}>
                {appErrorText(t, error)}
              </p>
            )}
            <ul
              className="browse-list"
              role="listbox"
              tabIndex={0}
              aria-label={t(mode === 'any' ? 'library.browse.entriesAll' : 'library.browse.entries')}
              aria-activedescendant={activeEntry ? optionId(active) : undefined}
              aria-busy={loading}
              data-testid="browse-list"
              onKeyDown={onListKey}
            >
              {entries.map((entry, index) => (
                <li
                  key={entry.path}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={`browse-entry${index === active ? ' is-active' : ''}`}
                  data-testid="browse-entry"
                  data-kind={entry.kind}
                  onClick={() => browser.setActive(index)}
                  onDoubleClick={() => void browser.activate()}
                >
                  <span aria-hidden="true">{entry.kind === 'folder' ? '📁' : '📄'}</span>
                  <span className="browse-name">{entry.name}</span>
                  <span className="muted">
                    {entry.kind === 'folder' ? t('library.browse.folder') : formatBytes(entry.sizeBytes ?? 0)}
                  </span>
                </li>
              ))}
              {!loading && listing && entries.length === 0 && (
                <li className="muted browse-none">
                  {t(mode === 'any' ? 'library.browse.emptyAll' : 'library.browse.empty')}
                </li>
              )}
            </ul>
            <p className="field-hint">{t('library.browse.keys')}</p>
          </div>
        </div>
        <div className="dialog-foot">
          <span />
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={browser.close}>
              {t('common.cancel')}
            </button>
            {mode === 'any' && (
              <button
                type="button"
                className="btn"
                data-testid="browse-choose-folder"
                disabled={!listing}
                onClick={() => listing && browser.choose(listing.path)}
              >
                {t('library.browse.chooseFolder')}
              </button>
            )}
            {mode === 'folder' ? (
              <button
                type="button"
                className="btn btn-primary"
                data-testid="browse-choose"
                disabled={!listing}
                onClick={() => listing && browser.choose(listing.path)}
              >
                {t('library.browse.chooseFolder')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                data-testid="browse-choose"
                disabled={!activeEntry}
                onClick={() => void browser.activate()}
              >
                {activeEntry?.kind === 'folder' ? t('library.browse.openFolder') : t('library.browse.choose')}
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
