// The Settings page: what otherwise lives only in settings.json or on other pages,
// in one place, with a filter box that hides the rows it does not match (in
// English or Chinese). Each control saves through the settings area on its own.
import { useEffect, useId, useRef, useState } from 'react';
import { hasCatalog, loadCatalog, useT } from '../../i18n';
import { AppErrorLine } from '../../ui/AppErrorLine';
import { ROW_VIEWS } from './SettingsRows';
import { rowMatches, SETTINGS_ROWS, SETTINGS_SECTIONS } from './settings-rows';
import { useSettingsStore } from './use-settings-store';
import './settings.css';

export function SettingsPage() {
  const t = useT();
  const searchId = useId();
  const { info, settings, error } = useSettingsStore();
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  // Opened from the navigation or with Ctrl+,: the filter is where the keyboard goes first.
  useEffect(() => search.current?.focus(), []);
  // The filter searches both languages: the first query fetches the Chinese words if the page has not.
  const [, setCatalogLoads] = useState(0);
  const searching = query.trim() !== '';
  useEffect(() => {
    if (!searching || hasCatalog('zh')) return;
    let current = true;
    loadCatalog('zh').then(
      () => current && setCatalogLoads((loads) => loads + 1),
      (error: unknown) => console.error('The Chinese texts could not be loaded for the search', error),
    );
    return () => {
      current = false;
    };
  }, [searching]);

  const shown = SETTINGS_ROWS.filter((row) => {
    const extra = row.id === 'hub' && settings ? [settings.models.hubEndpoint] : [];
    return rowMatches(row, query, extra);
  });

  return (
    <section className="page settings-page" data-testid="settings-page" aria-labelledby={`${searchId}-title`}>
      <div className="page-head">
        <h1 id={`${searchId}-title`}>{t('settings.title')}</h1>
      </div>
      <div className="settings-search">
        <label htmlFor={searchId} className="sr-only">
          {t('settings.search')}
        </label>
        <input
          id={searchId}
          ref={search}
          type="search"
          className="input"
          value={query}
          placeholder={t('settings.searchPlaceholder')}
          aria-describedby={`${searchId}-shortcut`}
          data-testid="settings-search"
          onChange={(event) => setQuery(event.target.value)}
        />
        <p className="field-hint" id={`${searchId}-shortcut`}>
          {t('settings.shortcut')}
        </p>
      </div>
      {error && <AppErrorLine error={error} />}
      {info && settings && (
        <>
          {SETTINGS_SECTIONS.map((section) => {
            const rows = shown.filter((row) => row.section === section.id);
            if (rows.length === 0) return null;
            return (
              <section key={section.id} className="settings-section" aria-label={t(section.label)}>
                <h3>{t(section.label)}</h3>
                <div className="card settings-card">
                  {rows.map((row) => {
                    const Row = ROW_VIEWS[row.id];
                    return (
                      <div key={row.id} className="settings-row" data-testid={`settings-row-${row.id}`}>
                        <Row info={info} settings={settings} />
                      </div>
                    );
                  })}
                </div>
              </section>
            );
          })}
          {shown.length === 0 && (
            <p className="muted" role="status" data-testid="settings-no-match">
              {t('settings.noMatch', { query: query.trim() })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
