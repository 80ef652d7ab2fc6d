import { memo } from 'react';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { useStore } from 'zustand';
import { useSettingsStore } from '../settings/use-settings-store';

/** "Held with Work API — Use it": the opened conversation's endpoint, switched to only on the user's click. */
export const HeldEndpointBar = memo(function HeldEndpointBar() {
  const t = useT();
  const { chat } = useAppModel();
  const { settings } = useSettingsStore();
  const held = useStore(chat.heldEndpoint.offer);
  if (!held) return null;
  const name =
    held.kind === 'local'
      ? t('chat.heldEndpoint.local')
      : (settings?.links.find((link) => link.id === held.linkId)?.name ?? held.linkId);
  return (
    <div className="held-endpoint" role="note" data-testid="held-endpoint">
      <span>{t('chat.heldEndpoint.text', { name })}</span>
      <button
        type="button"
        className="btn btn-small"
        data-testid="held-endpoint-use"
        onClick={() => void chat.heldEndpoint.accept()}
      >
        {t('chat.heldEndpoint.use', { name })}
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('common.dismiss')}
        data-testid="held-endpoint-dismiss"
        onClick={() => chat.heldEndpoint.forget()}
      >
        ×
      </button>
    </div>
  );
});
