// The Settings entry of the top bar's navigation: a gear with its name for screen
// readers and in its tooltip, so the bar keeps its room at 800 px.
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';

export function SettingsNavButton() {
  const t = useT();
  const { view } = useAppModel();
  const current = useStore(view) === 'settings';
  const label = t('topbar.settings');
  return (
    <button
      type="button"
      className={`btn btn-ghost settings-nav${current ? ' is-active' : ''}`}
      aria-current={current ? 'page' : undefined}
      aria-label={label}
      aria-keyshortcuts="Control+Comma Meta+Comma"
      title={`${label} (Ctrl+,)`}
      data-testid="open-settings"
      onClick={() => view.setState(current ? 'home' : 'settings', true)}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="4.2" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <circle cx="8" cy="8" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <path
          d="M8 1.2v2.6M8 12.2v2.6M1.2 8h2.6M12.2 8h2.6M3.2 3.2l1.8 1.8M11 11l1.8 1.8M3.2 12.8 5 11M11 5l1.8-1.8"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}
