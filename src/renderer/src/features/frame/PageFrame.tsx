// The main area's page, and the panels App.tsx mounts while open: those beside the chat are fetched on first use
// (src/renderer/src/lazy-views.ts), so one may still be on its way, or fail to come (the app was updated while this
// window stayed open, and the old build's files are gone).
import { Component, Suspense, type ReactNode } from 'react';
import { useT } from '../../i18n';

export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <PageBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageBoundary>
  );
}

/** A panel while it is open; nothing is shown while it comes (a panel opens in a moment, or says why it cannot). */
export function LaterPanel({ open, children }: { open: boolean; children: ReactNode }) {
  if (!open) return null;
  return (
    <PageBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </PageBoundary>
  );
}

function PageLoading() {
  const t = useT();
  return (
    <section className="page page-loading" role="status" data-testid="page-loading">
      {t('frame.pageLoading')}
    </section>
  );
}

class PageBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    return this.state.error ? <PageFailed error={this.state.error} /> : this.props.children;
  }
}

function PageFailed({ error }: { error: Error }) {
  const t = useT();
  return (
    <section className="page">
      <p role="alert" data-testid="page-failed">
        {t('frame.pageFailed', { message: error.message })}
      </p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        {t('frame.reload')}
      </button>
    </section>
  );
}
