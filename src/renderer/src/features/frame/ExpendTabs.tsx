// The tab strip of EVA's Expend (增殖) window: the model log, MCP servers and
// the knowledge base share one top-bar tab, so the bar fits a narrow window.
import type { MessageKey } from '../../i18n';
import { useT } from '../../i18n';
import { EXPEND_VIEWS, isExpendView, useView, type ExpendView } from './use-frame';

const TABS: Record<ExpendView, { key: MessageKey; testId: string }> = {
  log: { key: 'topbar.log', testId: 'open-log' },
  mcp: { key: 'topbar.mcp', testId: 'open-mcp' },
  knowledge: { key: 'topbar.knowledge', testId: 'open-knowledge' },
  'model-info': { key: 'topbar.modelInfo', testId: 'open-model-info' },
  workshop: { key: 'topbar.workshop', testId: 'open-workshop' },
  images: { key: 'topbar.images', testId: 'open-images' },
  compare: { key: 'topbar.compare', testId: 'open-compare' },
  'local-api': { key: 'topbar.localApi', testId: 'open-local-api' },
};

export function ExpendTabs() {
  const t = useT();
  const [view, setView] = useView();
  if (!isExpendView(view)) return null;
  return (
    <nav className="expend-tabs" aria-label={t('topbar.expendPages')} data-testid="expend-tabs">
      {EXPEND_VIEWS.map((page) => (
        <button
          key={page}
          type="button"
          className={`btn btn-ghost${view === page ? ' is-active' : ''}`}
          aria-current={view === page ? 'page' : undefined}
          data-testid={TABS[page].testId}
          onClick={() => setView(page)}
        >
          {t(TABS[page].key)}
        </button>
      ))}
    </nav>
  );
}
