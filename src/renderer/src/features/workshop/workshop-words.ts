// Words for the workshop page that depend on data: a failure by its reason, and
// the progress line. Pure.
import type { WorkshopFailureReason, WorkshopProgress } from '@shared/workshop/workshop-types';
import type { MessageKey, Translate } from '../../i18n';
import { appErrorText, type ErrorLike } from '../../ui/app-error-text';

const REASONS: Record<WorkshopFailureReason, MessageKey> = {
  binary_missing: 'workshop.error.binary_missing',
  model_missing: 'workshop.error.model_missing',
  not_gguf: 'workshop.error.not_gguf',
  truncated: 'workshop.error.truncated',
  requantize_disabled: 'workshop.error.requantize_disabled',
  invalid_type: 'workshop.error.invalid_type',
  needs_imatrix: 'workshop.error.needs_imatrix',
  calibration_too_short: 'workshop.error.calibration_too_short',
  output_exists: 'workshop.error.output_exists',
  same_file: 'workshop.error.same_file',
  write_failed: 'workshop.error.write_failed',
  cancelled: 'workshop.error.cancelled',
  busy: 'workshop.error.busy',
  killed: 'workshop.error.killed',
  failed: 'workshop.error.failed',
};

/** The reader's own name for a cut-off file. */
const ALIASES: Record<string, WorkshopFailureReason> = { gguf_truncated: 'truncated' };

/** A workshop failure in the page's language; another kind of failure as the app words it. */
export function workshopErrorText(t: Translate, error: ErrorLike, fallbackPath = ''): string {
  const given = error.details?.reason;
  const reason = typeof given === 'string' ? (ALIASES[given] ?? given) : null;
  if (reason === null || !Object.hasOwn(REASONS, reason)) return appErrorText(t, error);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return t(REASONS[reason as WorkshopFailureReason], {
    path: text(error.details?.path) || fallbackPath,
    outputPath: text(error.details?.outputPath),
    message: error.message,
  });
}

export function isCancelled(error: ErrorLike | null): boolean {
  return error?.details?.reason === 'cancelled';
}

/** "Tensor 12 of 291: blk.3.ffn_down.weight", "Importance matrix: chunk 3 of 20", or what comes before either. */
export function progressText(t: Translate, progress: Omit<WorkshopProgress, 'jobId'> | null): string {
  if (!progress) return t('workshop.phase.starting');
  if (progress.phase === 'imatrix') return progress.total > 0 ? t('workshop.phase.imatrix', { done: progress.done, total: progress.total }) : t('workshop.phase.imatrixLoading');
  return t('workshop.phase.quantize', { done: progress.done, total: progress.total, tensor: progress.tensor ?? '' });
}
