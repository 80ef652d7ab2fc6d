import { useAppModel, type View } from '../../app-model';
import { useT, type MessageKey } from '../../i18n';
import { useBackendStatus } from '../status/use-status-store';
import { SettingsNavButton } from '../settings/SettingsNavButton';
import { EndpointLabel } from './EndpointLabel';
import { LanguageSwitch } from './LanguageSwitch';
import { SkipLink } from './SkipLink';
import { HISTORY_SIDEBAR_ID, useSidebar } from './SidebarProvider';
import { EXPEND_VIEWS, isExpendView, useView } from './use-frame';
import { useEffect, useRef } from 'react';
import './frame.css';

const NAV: Array<{ view: View; key: MessageKey; testId: string }> = [
  { view: 'about', key: 'topbar.about', testId: 'open-about' },
];

export function TopBar() {
  const t = useT();
  const { load, status, notices, toolsPanel, hotkeys, voice } = useAppModel();
  const [view, setView] = useView();
  const backend = useBackendStatus();
  const running = backend?.state === 'ready' || backend?.state === 'starting';
  // The Expend tab reopens the page of it last shown (the model log at first).
  const lastExpend = useRef<View>(EXPEND_VIEWS[0]);
  useEffect(() => {
    if (isExpendView(view)) lastExpend.current = view;
  }, [view]);
  const inExpend = isExpendView(view);

  return (
    <header className="topbar">
      <SkipLink />
      {view === 'home' && <SidebarToggle />}
      <button
        type="button"
        className="brand"
        onClick={() => setView('home')}
        title={t('topbar.home')}
        aria-current={view === 'home' ? 'page' : undefined}
      >
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">EVA</span>
      </button>
      <nav className="topbar-nav" aria-label={t('topbar.pages')}>
        {/* A dialog, not a page: it looks like the tabs beside it and is never the current one. */}
        <button
          type="button"
          className="btn btn-ghost"
          data-testid="load-open"
          aria-haspopup="dialog"
          onClick={() => load.open()}
        >
          {t('topbar.load')}
        </button>
        <button
          type="button"
          className={`btn btn-ghost${inExpend ? ' is-active' : ''}`}
          aria-current={inExpend ? 'page' : undefined}
          data-testid="open-expend"
          onClick={() => setView(inExpend ? 'home' : lastExpend.current)}
        >
          {t('topbar.expend')}
        </button>
        {NAV.map((item) => (
          <button
            key={item.view}
            type="button"
            className={`btn btn-ghost${view === item.view ? ' is-active' : ''}`}
            aria-current={view === item.view ? 'page' : undefined}
            data-testid={item.testId}
            onClick={() => setView(view === item.view ? 'home' : item.view)}
          >
            {t(item.key)}
          </button>
        ))}
        <SettingsNavButton />
        <button type="button" className="btn btn-ghost" data-testid="tools-open" onClick={() => void toolsPanel.open()}>
          {t('tools.open')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          data-testid="hotkeys-open"
          onClick={() => hotkeys.panelOpen.setState(true, true)}
        >
          {t('hotkeys.open')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          data-testid="voice-open"
          onClick={() => voice.panelOpen.setState(true, true)}
        >
          {t('voice.open')}
        </button>
      </nav>
      <EndpointLabel />
      <div className="topbar-end">
        {running && (
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="backend-stop"
            onClick={() => void status.stop().then((result) => !result.ok && notices.reportError(result.error))}
          >
            {t('topbar.stop')}
          </button>
        )}
        <LanguageSwitch />
      </div>
    </header>
  );
}

/** Shows and hides the history (Ctrl+B does the same); below 900 px it opens the history over the chat. */
function SidebarToggle() {
  const t = useT();
  const { model, mode } = useSidebar();
  const shown = mode !== 'hidden';
  const label = t(shown ? 'topbar.sidebarHide' : 'topbar.sidebarShow');
  return (
    <button
      type="button"
      className="btn btn-ghost sidebar-toggle"
      data-testid="sidebar-toggle"
      aria-label={t('history.title')}
      aria-expanded={shown}
      aria-controls={shown ? HISTORY_SIDEBAR_ID : undefined}
      aria-keyshortcuts="Control+B"
      title={`${label} (Ctrl+B)`}
      onClick={() => model.toggle()}
    >
      <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
        <rect x="1.5" y="2.5" width="15" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <path d="M6.5 2.5v13" stroke="currentColor" strokeWidth="1.4" />
        {shown && <rect x="2.5" y="3.5" width="3.4" height="11" fill="currentColor" opacity="0.45" />}
      </svg>
    </button>
  );
}
