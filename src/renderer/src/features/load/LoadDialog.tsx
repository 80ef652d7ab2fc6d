import { useEffect, useRef, type FormEvent } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useFocusTrap } from '../../ui/use-focus-trap';
import { useSettingsStore } from '../settings/use-settings-store';
import { useBackendStatus } from '../status/use-status-store';
import { LinkPane } from './LinkPane';
import { PoolTab } from '../pool/PoolTab';
import { LoadErrorBox, LoadProgress } from './LoadFeedback';
import type { LoadTab } from './load-store';
import { inspectKey } from './load-form';
import { LocalModelTab } from './LocalModelTab';
import { useLoadStore } from './use-load-store';
import { useStore } from 'zustand';
import type { LibraryModel } from '@shared/models/model-library';
import { DiscoverPane } from '../models/DiscoverPane';
import { FileBrowserDialog } from '../models/FileBrowserDialog';
import { folderOf, pickPatch } from '../models/pick-patch';
import { useLibrary } from '../models/use-library';
import { useModelDropTarget } from '../models/use-model-drop';
import { useTakeDroppedModel } from './LoadWatch';
import './load.css';

const TABS: ReadonlyArray<{
  tab: LoadTab;
  key: 'load.tabLocal' | 'load.tabDiscover' | 'load.tabLink' | 'load.tabPool';
  testId: string;
  focus: string;
}> = [
  { tab: 'local', key: 'load.tabLocal', testId: 'load-tab-local', focus: 'model-path' },
  { tab: 'discover', key: 'load.tabDiscover', testId: 'load-tab-discover', focus: 'hub-query' },
  { tab: 'link', key: 'load.tabLink', testId: 'load-tab-link', focus: 'link-base-url' },
  { tab: 'pool', key: 'load.tabPool', testId: 'load-tab-pool', focus: 'pool-files' },
];

/**
 * 装载: a local model (from the library, a path, a drop, or the hub) and how llama-server runs it, or a remote endpoint
 * (link mode). Fetched the first time it opens (lazy-views.ts); what must run while it is closed is LoadWatch.
 */
export function LoadDialog() {
  const t = useT();
  const { open, tab, error, actions } = useLoadStore();
  const dialog = useRef<HTMLDivElement>(null);
  const { library, browser, downloads } = useLibrary();
  // Files may have come and gone since the last look; the core is the one that knows.
  useEffect(() => {
    if (!open) return;
    void library.refresh();
    void downloads.refresh();
  }, [open, library, downloads]);
  // The file browser opens on top and traps the keyboard itself; this trap would fight it.
  const browsing = useStore(browser.store, (state) => state.open);

  // Tab stays in the dialog, Esc closes it, and the focus goes back to what opened it.
  const focus = TABS.find((entry) => entry.tab === tab)?.focus;
  useFocusTrap(dialog, open && !browsing, actions.close, focus ? `[data-testid="${focus}"]` : undefined);

  const drop = useModelDropTarget(useTakeDroppedModel());

  useEffect(() => {
    if (error) dialog.current?.querySelector('[data-testid="load-error"]')?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  if (!open) return null;

  return (
    <div
      className="overlay"
      onMouseDown={(event) => event.target === event.currentTarget && actions.close()}
      {...drop.handlers}
    >
      <div
        className={`dialog${drop.dragging ? ' is-drop-target' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="load-title"
        data-testid="load-dialog"
        data-tab={tab}
        ref={dialog}
      >
        <div className="dialog-head">
          <h2 id="load-title">{t(tab === 'link' ? 'load.titleLink' : 'load.title')}</h2>
          <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={actions.close}>
            ×
          </button>
        </div>
        <div className="tabs" role="tablist">
          {TABS.map((entry) => (
            <button
              key={entry.tab}
              type="button"
              role="tab"
              aria-selected={tab === entry.tab}
              className={`tab${tab === entry.tab ? ' is-active' : ''}`}
              data-testid={entry.testId}
              onClick={() => actions.setTab(entry.tab)}
            >
              {t(entry.key)}
            </button>
          ))}
        </div>
        {tab === 'local' ? (
          <LocalPane dialog={dialog} />
        ) : tab === 'discover' ? (
          <DiscoverTab />
        ) : tab === 'pool' ? (
          <PoolTab onClose={actions.close} />
        ) : (
          <LinkPane />
        )}
      </div>
      <FileBrowserDialog />
    </div>
  );
}

function DiscoverTab() {
  const t = useT();
  const { actions } = useLoadStore();
  const { library } = useLibrary();
  // One click from a finished download to a loading model.
  const load = (path: string): void => {
    actions.setTab('local');
    actions.edit(pickPatch(path, library.store.getState().listing));
    void actions.submit();
  };
  return (
    <>
      <DiscoverPane onLoad={load} />
      <div className="dialog-foot">
        <span className="muted">{t('library.hub.keepsGoing')}</span>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={actions.close}>
            {t('common.close')}
          </button>
        </div>
      </div>
    </>
  );
}

function LocalPane({ dialog }: { dialog: React.RefObject<HTMLDivElement | null> }) {
  const t = useT();
  const { form, fieldErrors, inspect, submitting, startedAt, error, keyProtection, actions } = useLoadStore();
  const { app, notices } = useAppModel();
  const { settings, info } = useSettingsStore();
  const { library, browser } = useLibrary();
  const listing = useStore(library.store, (state) => state.listing);
  const pick = (model: LibraryModel): void => actions.edit(pickPatch(model.path, listing));
  const pickAndLoad = (model: LibraryModel): void => {
    pick(model);
    void actions.submit();
  };
  // Electron has a native picker; a page in a browser cannot see the disk, so EVA's own browser asks the core.
  const browse = async (): Promise<void> => {
    if (info?.canPickFiles) return actions.pickModel();
    const path = await browser.open('model', folderOf(form?.modelPath.trim() ?? ''));
    if (path !== null) actions.edit(pickPatch(path, listing));
  };
  const status = useBackendStatus();
  // Back from a link endpoint to the model that is already running: no reload needed.
  const canUseLoaded = settings?.chat.endpoint.kind === 'link' && status?.state === 'ready' && !submitting;
  const switchToLoaded = async (): Promise<void> => {
    const result = await app.updateSettings({ chat: { endpoint: { kind: 'local' } } });
    if (result.ok) actions.close();
    else notices.reportError(result.error);
  };

  useEffect(() => {
    // After a rejected submit, take the user to the first field that needs fixing.
    if (Object.keys(fieldErrors).length > 0)
      dialog.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors, dialog]);

  // The file the form names now was read and is bad: loading it could only fail.
  const badFile = form !== null && inspect.status === 'error' && inspect.key === inspectKey(form);

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (!badFile) void actions.submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="dialog-body">
        {/* Edits during a load would not reach the running server: freeze the form until it answers. */}
        <fieldset className="plain-fieldset" disabled={submitting}>
          {form ? (
            <LocalModelTab
              form={form}
              errors={fieldErrors}
              edit={actions.edit}
              keyProtection={keyProtection}
              inspect={inspect}
              onBrowse={() => void browse()}
              onPickModel={pick}
              onLoadModel={pickAndLoad}
              onDiscover={() => actions.setTab('discover')}
            />
          ) : (
            <p className="muted">{t('load.settingsMissing')}</p>
          )}
        </fieldset>
        {error && !submitting && <LoadErrorBox error={error} />}
      </div>
      <div className="dialog-foot">
        {submitting && startedAt !== null ? (
          <span className="load-progress-row">
            <LoadProgress startedAt={startedAt} />
            <button
              type="button"
              className="btn btn-small"
              data-testid="load-cancel"
              onClick={() => void actions.cancelLoad()}
            >
              {t('load.cancelLoad')}
            </button>
          </span>
        ) : (
          <span />
        )}
        <div className="dialog-actions">
          {canUseLoaded && (
            <button
              type="button"
              className="btn"
              data-testid="endpoint-use-local"
              title={status?.model?.path}
              onClick={() => void switchToLoaded()}
            >
              {t('load.useLoaded', { name: status?.model?.name ?? '' })}
            </button>
          )}
          <button type="button" className="btn" onClick={actions.close}>
            {submitting ? t('load.hide') : t('common.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!form || submitting || badFile}
            title={badFile ? t('load.submitBadFile') : undefined}
            data-testid="load-submit"
          >
            {submitting ? t('load.loadingShort') : t('load.submit')}
          </button>
        </div>
      </div>
    </form>
  );
}
