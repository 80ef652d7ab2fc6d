import { useEffect, useRef, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { LoadErrorBox, LoadProgress } from './LoadFeedback';
import { LocalModelTab } from './LocalModelTab';
import { useLoadStore } from './use-load-store';
import './load.css';

/** 装载: choose a model and how llama-server runs it. */
export function LoadDialog() {
  const t = useT();
  const { open, form, fieldErrors, inspect, submitting, startedAt, error, actions } = useLoadStore();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    dialog.current?.querySelector<HTMLInputElement>('[data-testid="model-path"]')?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') actions.close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, actions]);

  useEffect(() => {
    // After a rejected submit, take the user to the first field that needs fixing.
    if (Object.keys(fieldErrors).length > 0) dialog.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  useEffect(() => {
    if (error) dialog.current?.querySelector('[data-testid="load-error"]')?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  if (!open) return null;

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    void actions.submit();
  };

  return (
    <div className="overlay" onMouseDown={(event) => event.target === event.currentTarget && actions.close()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="load-title" data-testid="load-dialog" ref={dialog}>
        <form onSubmit={onSubmit} noValidate>
          <header className="dialog-head">
            <h2 id="load-title">{t('load.title')}</h2>
            <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={actions.close}>
              ×
            </button>
          </header>
          <div className="tabs" role="tablist">
            <button type="button" role="tab" aria-selected="true" className="tab is-active" data-testid="load-tab-local">
              {t('load.tabLocal')}
            </button>
            <button type="button" role="tab" aria-selected="false" className="tab" disabled title={t('load.tabLinkSoon')} data-testid="load-tab-link">
              {t('load.tabLink')}
            </button>
          </div>
          <div className="dialog-body">
            {/* Edits during a load would not reach the running server: freeze the form until it answers. */}
            <fieldset className="plain-fieldset" disabled={submitting}>
              {form ? <LocalModelTab form={form} errors={fieldErrors} edit={actions.edit} inspect={inspect} onBrowse={() => void actions.pickModel()} /> : <p className="muted">{t('load.settingsMissing')}</p>}
            </fieldset>
            {error && !submitting && <LoadErrorBox error={error} />}
          </div>
          <footer className="dialog-foot">
            {submitting && startedAt !== null ? <LoadProgress startedAt={startedAt} /> : <span />}
            <div className="dialog-actions">
              <button type="button" className="btn" onClick={actions.close}>
                {submitting ? t('load.hide') : t('common.cancel')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={!form || submitting} data-testid="load-submit">
                {submitting ? t('load.loadingShort') : t('load.submit')}
              </button>
            </div>
          </footer>
        </form>
      </div>
    </div>
  );
}
