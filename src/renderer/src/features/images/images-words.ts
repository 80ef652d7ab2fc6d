// Words for the image page that depend on data: a failure by its reason, the
// progress line, a picture's caption. Pure.
import type { ImageFailureReason, ImageProgress, ImageRecord, ModelFileRole } from '@shared/images/image-types';
import type { MessageKey, Translate } from '../../i18n';
import { appErrorText, type ErrorLike } from '../../ui/app-error-text';

const REASONS: Record<ImageFailureReason, MessageKey> = {
  binary_missing: 'images.error.binary_missing',
  model_unset: 'images.error.model_unset',
  model_missing: 'images.error.model_missing',
  not_sd_model: 'images.error.not_sd_model',
  corrupt_model: 'images.error.corrupt_model',
  out_of_memory: 'images.error.out_of_memory',
  disk_full: 'images.error.disk_full',
  unknown_sampler: 'images.error.unknown_sampler',
  bad_init_image: 'images.error.bad_init_image',
  write_failed: 'images.error.write_failed',
  cancelled: 'images.error.cancelled',
  busy: 'images.error.busy',
  killed: 'images.error.killed',
  failed: 'images.error.failed',
};

export const ROLE_KEYS: Record<ModelFileRole, MessageKey> = {
  model: 'images.file.model',
  diffusionModel: 'images.file.diffusionModel',
  vae: 'images.file.vae',
  clipL: 'images.file.clipL',
  clipG: 'images.file.clipG',
  t5xxl: 'images.file.t5xxl',
};

/** An image failure in the page's language; another kind of failure as the app words it. */
export function imageErrorText(t: Translate, error: ErrorLike): string {
  const reason = error.details?.reason;
  if (typeof reason !== 'string' || !Object.hasOwn(REASONS, reason)) return appErrorText(t, error);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const roles = Array.isArray(error.details?.roles)
    ? (error.details.roles as string[])
        .map((role) => (Object.hasOwn(ROLE_KEYS, role) ? t(ROLE_KEYS[role as ModelFileRole]) : role))
        .join(', ')
    : '';
  return t(REASONS[reason as ImageFailureReason], { path: text(error.details?.path), roles, message: error.message });
}

export function isCancelled(error: ErrorLike | null): boolean {
  return error?.details?.reason === 'cancelled';
}

/** "Step 3 of 20", "Loading the model…", "Decoding…", "Saving…". */
export function progressText(t: Translate, progress: Omit<ImageProgress, 'jobId'> | null): string {
  if (!progress || progress.phase === 'starting') return t('images.phase.starting');
  if (progress.phase === 'sampling') return t('images.phase.sampling', { done: progress.done, total: progress.total });
  return t(`images.phase.${progress.phase}` as MessageKey);
}

/** "512×512 · 20 steps · CFG 7 · euler_a · seed 42". */
export function captionOf(record: Pick<ImageRecord, 'params'>): string {
  const { params } = record;
  return `${params.width}×${params.height} · ${params.steps} steps · CFG ${params.cfg} · ${params.sampler} · seed ${params.seed}`;
}

/** A file name to save a picture under: its first prompt words and its seed. */
export function pictureFileName(record: Pick<ImageRecord, 'params'>): string {
  const words = record.params.prompt
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${words || 'picture'}-${record.params.seed}.png`;
}
