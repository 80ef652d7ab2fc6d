import { useT } from '../../i18n';
import { LinkTab } from '../link/LinkTab';
import { useLinkStore } from '../link/use-link-store';
import { useLoadStore } from './use-load-store';

/** The dialog's link tab: a remote OpenAI-compatible endpoint, saved or used at once. */
export function LinkPane() {
  const t = useT();
  const { actions: load } = useLoadStore();
  const state = useLinkStore();
  const { actions, saving, done, form } = state;
  const use = async (): Promise<void> => {
    if (await actions.use()) load.close();
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void use();
      }}
      noValidate
    >
      <div className="dialog-body">
        <LinkTab state={state} actions={actions} />
      </div>
      <div className="dialog-foot">
        <span className="link-done muted" role="status" data-testid="link-done">
          {done === 'saved' ? t('link.saved.done', { name: form.name }) : ''}
        </span>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={load.close}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn"
            data-testid="link-save"
            disabled={saving}
            onClick={() => void actions.save()}
          >
            {t('link.save')}
          </button>
          <button type="submit" className="btn btn-primary" data-testid="link-use" disabled={saving}>
            {t('link.use')}
          </button>
        </div>
      </div>
    </form>
  );
}
