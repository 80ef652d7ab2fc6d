// The convert job's end of the page: Convert, then progress with Cancel and the
// log while it runs (setting Python up first where needed), then what it wrote
// with "Quantize it" (the quantize pane, filled in with the result) and "Load
// it" (the app's own load flow), or why it failed.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { formatBytes, formatElapsed } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import type { ConvertStore } from './convert-store';
import type { WorkshopStore } from './workshop-store';
import { isCancelled, progressText, workshopErrorText } from './workshop-words';

export function ConvertJobPanel({
  store,
  workshop,
  blocked,
}: {
  store: ConvertStore;
  workshop: WorkshopStore;
  blocked: boolean;
}) {
  const t = useT();
  const { load } = useAppModel();
  const job = useStore(store.state, (s) => s.job);
  const result = useStore(store.state, (s) => s.result);
  const error = useStore(store.state, (s) => s.error);
  const lastKind = useStore(store.state, (s) => s.lastKind);
  const folderPath = useStore(store.state, (s) => s.plan?.folder.path ?? s.folderPath);
  const now = useNow(job !== null, 500);

  const loadResult = (path: string): void => {
    load.open('local');
    load.edit({ modelPath: path, mmprojPath: '' });
    void load.submit();
  };
  const quantizeResult = (path: string): void => {
    workshop.showPane('quantize');
    void workshop.pickModel(path);
  };

  return (
    <section className="workshop-job">
      {job ? (
        <>
          <JobProgress store={store} now={now} />
          <JobLog store={store} />
        </>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          disabled={blocked}
          data-testid="convert-start"
          onClick={() => void store.convert()}
        >
          {t('convert.start')}
        </button>
      )}
      {result && !job && (
        <p className="workshop-result" role="status" data-testid="convert-result">
          <span>
            {t('convert.done', {
              path: result.outputPath,
              size: formatBytes(result.bytes),
              count: result.tensors,
              time: formatElapsed(result.ms),
            })}
          </span>
          <button
            type="button"
            className="btn btn-small"
            data-testid="convert-quantize"
            onClick={() => quantizeResult(result.outputPath)}
          >
            {t('convert.quantizeIt')}
          </button>
          <button
            type="button"
            className="btn btn-small"
            data-testid="convert-load"
            onClick={() => loadResult(result.outputPath)}
          >
            {t('workshop.load')}
          </button>
        </p>
      )}
      {error &&
        !job &&
        (isCancelled(error) ? (
          <p className="muted" role="status" data-testid="convert-cancelled">
            {t(lastKind === 'setup' ? 'convert.python.cancelled' : 'workshop.cancelled')}
          </p>
        ) : (
          <p className="inline-error" role="alert" title={error.message} data-testid="convert-error">
            {workshopErrorText(t, error, folderPath)}
          </p>
        ))}
      {!job && (error || result) && <JobLog store={store} collapsed />}
    </section>
  );
}

function JobProgress({ store, now }: { store: ConvertStore; now: number }) {
  const t = useT();
  const job = useStore(store.state, (s) => s.job);
  if (!job) return null;
  const progress = job.progress;
  // Reading tensors has no count beforehand: the bar runs without one until writing starts.
  const max = progress && progress.total > 0 && progress.phase !== 'convert' ? progress.total : undefined;
  return (
    <>
      <progress
        className="workshop-progress"
        max={max}
        value={max === undefined ? undefined : progress?.done}
        aria-label={t('workshop.progress')}
        data-testid="convert-progress"
      />
      <p className="workshop-progress-row">
        <span data-testid="convert-progress-text">{progressText(t, progress)}</span>
        <span className="muted small">{t('workshop.elapsed', { time: formatElapsed(now - job.startedAt) })}</span>
        <button
          type="button"
          className="btn btn-small"
          disabled={job.cancelling}
          data-testid="convert-cancel"
          onClick={() => void store.cancel()}
        >
          {job.cancelling ? t('workshop.cancelling') : t('workshop.cancel')}
        </button>
      </p>
    </>
  );
}

/** The job's output lines, newest at the bottom and kept in view while they come; folded away once the job is over. */
export function JobLog({ store, collapsed = false }: { store: ConvertStore; collapsed?: boolean }) {
  const t = useT();
  const log = useStore(store.state, (s) => s.log);
  const box = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [log]);
  if (log.length === 0) return null;
  return (
    <details className="convert-log" open={!collapsed} data-testid="convert-log">
      <summary>{t('convert.log')}</summary>
      <pre ref={box} className="mono small">
        {log.join('\n')}
      </pre>
    </details>
  );
}
