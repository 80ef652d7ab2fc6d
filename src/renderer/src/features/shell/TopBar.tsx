import { useAppModel, type View } from '../../app-model';
import { useT, type MessageKey } from '../../i18n';
import { useBackendStatus } from '../status/use-status-store';
import { EndpointLabel } from './EndpointLabel';
import { LanguageSwitch } from './LanguageSwitch';
import { useView } from './use-shell';
import './shell.css';

const NAV: Array<{ view: View; key: MessageKey; testId: string }> = [
  { view: 'log', key: 'topbar.log', testId: 'open-log' },
  { view: 'mcp', key: 'topbar.mcp', testId: 'open-mcp' },
  { view: 'about', key: 'topbar.about', testId: 'open-about' },
];

export function TopBar() {
  const t = useT();
  const { load, status, notices, toolsPanel, hotkeys, voice } = useAppModel();
  const [view, setView] = useView();
  const backend = useBackendStatus();
  const running = backend?.state === 'ready' || backend?.state === 'starting';

  return (
    <header className="topbar">
      <button type="button" className="brand" onClick={() => setView('home')} title={t('topbar.home')}>
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">EVA</span>
      </button>
      <nav className="topbar-nav">
        <button type="button" className="btn btn-primary" data-testid="load-open" onClick={() => load.open()}>
          {t('topbar.load')}
        </button>
        {NAV.map((item) => (
          <button
            key={item.view}
            type="button"
            className={`btn btn-ghost${view === item.view ? ' is-active' : ''}`}
            aria-pressed={view === item.view}
            data-testid={item.testId}
            onClick={() => setView(view === item.view ? 'home' : item.view)}
          >
            {t(item.key)}
          </button>
        ))}
        <button type="button" className="btn btn-ghost" data-testid="tools-open" onClick={() => void toolsPanel.open()}>
          {t('tools.open')}
        </button>
        <button type="button" className="btn btn-ghost" data-testid="hotkeys-open" onClick={() => hotkeys.panelOpen.setState(true, true)}>
          {t('hotkeys.open')}
        </button>
        <button type="button" className="btn btn-ghost" data-testid="voice-open" onClick={() => voice.panelOpen.setState(true, true)}>
          {t('voice.open')}
        </button>
      </nav>
      <EndpointLabel />
      <div className="topbar-end">
        {running && (
          <button type="button" className="btn btn-ghost" data-testid="backend-stop" onClick={() => void status.stop().then((result) => !result.ok && notices.reportError(result.error))}>
            {t('topbar.stop')}
          </button>
        )}
        <LanguageSwitch />
      </div>
    </header>
  );
}
