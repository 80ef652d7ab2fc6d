// A running generation: the bar (sampling steps once sd-cli counts them,
// indeterminate while it loads or decodes), what it is doing, the time, Cancel.
import { useStore } from 'zustand';
import { useT } from '../../i18n';
import { formatElapsed } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import type { ImagesStore, RunningImage } from './images-store';
import { progressText } from './images-words';

export function ImageProgressRow({ store, job }: { store: ImagesStore; job: RunningImage }) {
  const t = useT();
  const now = useNow(true, 500);
  const progress = job.progress;
  // Always a value: an indeterminate bar animates every frame, and that CPU is taken from sd-cli on a small machine.
  const { max, value } = barOf(progress);
  return (
    <div className="image-progress" data-testid="image-progress">
      <progress
        className="image-progress-bar"
        max={max}
        value={value}
        aria-label={t('images.progress')}
        data-testid="image-progress-bar"
      />
      <p className="image-progress-row">
        <span data-testid="image-progress-text">{progressText(t, progress)}</span>
        <span className="muted small">{t('images.elapsed', { time: formatElapsed(now - job.startedAt) })}</span>
        <button
          type="button"
          className="btn btn-small"
          disabled={job.cancelling}
          data-testid="image-cancel"
          onClick={() => void store.cancel()}
        >
          {job.cancelling ? t('images.cancelling') : t('images.cancel')}
        </button>
      </p>
    </div>
  );
}

/** Loading and sampling fill the bar with their own counts; decoding and saving show it full. */
function barOf(progress: RunningImage['progress']): { max: number; value: number } {
  if (!progress || progress.phase === 'starting') return { max: 1, value: 0 };
  if (progress.phase === 'decoding' || progress.phase === 'saving') return { max: 1, value: 1 };
  return progress.total > 0 ? { max: progress.total, value: progress.done } : { max: 1, value: 0 };
}

/** The running job when it is this picture's "New seed" (null for any other). */
export function useJobFrom(store: ImagesStore, from: string | null): RunningImage | null {
  return useStore(store.state, (s) => (s.job && s.job.from === from ? s.job : null));
}
