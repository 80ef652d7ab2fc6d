// The job's end of the page: Quantize, then the progress bar with Cancel while
// it runs, then what it wrote with a Load button (the app's own load flow, so the
// load dialog shows the start and any failure), or why it failed.
import { useStore } from 'zustand';
import { useAppModel } from '../../app-model';
import { useT } from '../../i18n';
import { formatBytes, formatElapsed } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import type { WorkshopStore } from './workshop-store';
import { isCancelled, progressText, workshopErrorText } from './workshop-words';

export function WorkshopJob({ store, blocked }: { store: WorkshopStore; blocked: boolean }) {
  const t = useT();
  const { load } = useAppModel();
  const job = useStore(store.state, (s) => s.job);
  const result = useStore(store.state, (s) => s.result);
  const error = useStore(store.state, (s) => s.error);
  const modelPath = useStore(store.state, (s) => s.plan?.model.path ?? '');
  const now = useNow(job !== null, 500);

  const loadResult = (path: string): void => {
    load.open('local');
    load.edit({ modelPath: path, mmprojPath: '' });
    void load.submit();
  };

  if (job) {
    const progress = job.progress;
    const max = progress && progress.total > 0 ? progress.total : undefined;
    return (
      <section className="workshop-job" data-testid="workshop-job">
        <progress
          className="workshop-progress"
          max={max}
          value={max === undefined ? undefined : progress?.done}
          aria-label={t('workshop.progress')}
          data-testid="workshop-progress"
        />
        <p className="workshop-progress-row">
          <span data-testid="workshop-progress-text">{progressText(t, progress)}</span>
          <span className="muted small">{t('workshop.elapsed', { time: formatElapsed(now - job.startedAt) })}</span>
          <button
            type="button"
            className="btn btn-small"
            disabled={job.cancelling}
            data-testid="workshop-cancel"
            onClick={() => void store.cancel()}
          >
            {job.cancelling ? t('workshop.cancelling') : t('workshop.cancel')}
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="workshop-job">
      <button
        type="button"
        className="btn btn-primary"
        disabled={blocked}
        data-testid="workshop-start"
        onClick={() => void store.quantize()}
      >
        {t('workshop.start')}
      </button>
      {result && (
        <p className="workshop-result" role="status" data-testid="workshop-result">
          <span>
            {t('workshop.done', {
              path: result.outputPath,
              size: formatBytes(result.bytes),
              time: formatElapsed(result.ms),
            })}
          </span>
          <button
            type="button"
            className="btn btn-small"
            data-testid="workshop-load"
            onClick={() => loadResult(result.outputPath)}
          >
            {t('workshop.load')}
          </button>
        </p>
      )}
      {error &&
        (isCancelled(error) ? (
          <p className="muted" role="status" data-testid="workshop-cancelled">
            {t('workshop.cancelled')}
          </p>
        ) : (
          <p className="inline-error" role="alert" title={error.message} data-testid="workshop-error">
            {workshopErrorText(t, error, modelPath)}
          </p>
        ))}
    </section>
  );
}
