import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { describeEndpoint } from '../chat/endpoint-label';
import { usePoolModel } from '../pool/use-pool-model';
import { useServerProps } from '../chat/use-chat-store';
import { useBackendStatus } from '../status/use-status-store';
import { useSettingsStore } from '../settings/use-settings-store';

/** Which server the chat talks to; a click opens the matching tab of the load dialog. */
export function EndpointLabel() {
  const t = useT();
  const { load } = useAppModel();
  const { settings } = useSettingsStore();
  const status = useBackendStatus();
  const props = useServerProps();
  const view = describeEndpoint(settings, status, props, usePoolModel());
  const text =
    view.kind === 'link'
      ? view.model
        ? `${view.name} · ${view.model}`
        : view.name
      : view.kind === 'missing'
        ? t('endpoint.missing')
        : (view.model ?? t('endpoint.noModel'));
  const ok = view.kind === 'link' || (view.kind === 'local' && view.ready);
  return (
    <button
      type="button"
      className={`endpoint-label kind-${view.kind}${ok ? '' : ' is-off'}`}
      data-testid="endpoint-label"
      data-kind={view.kind}
      // The name may be cut short on a narrow window: the tooltip has all of it.
      title={`${text} — ${t('endpoint.title')}`}
      onClick={() => load.open(view.kind === 'local' ? 'local' : 'link')}
    >
      <span className="endpoint-kind">{t(view.kind === 'local' ? 'endpoint.local' : 'endpoint.link')}</span>
      <span className="endpoint-name">{text}</span>
    </button>
  );
}
