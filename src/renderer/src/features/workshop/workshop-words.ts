// Words for the workshop pages that depend on data: a failure by its reason, and
// the progress line (quantizing, setting up Python, converting). Pure.
import type { PythonSetupStep } from '@shared/workshop/convert-types';
import type { WorkshopFailureReason, WorkshopProgress } from '@shared/workshop/workshop-types';
import type { MessageKey, Translate } from '../../i18n';
import { formatBytes } from '../../lib/format';
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
  folder_missing: 'workshop.error.folder_missing',
  config_missing: 'workshop.error.config_missing',
  config_invalid: 'workshop.error.config_invalid',
  architecture_unknown: 'workshop.error.architecture_unknown',
  architecture_unsupported: 'workshop.error.architecture_unsupported',
  weights_missing: 'workshop.error.weights_missing',
  weights_truncated: 'workshop.error.weights_truncated',
  tokenizer_missing: 'workshop.error.tokenizer_missing',
  no_tensors: 'workshop.error.no_tensors',
  disk_full: 'workshop.error.disk_full',
  folder_code_refused: 'workshop.error.folder_code_refused',
  script_missing: 'workshop.error.script_missing',
  python_missing: 'workshop.error.python_missing',
  python_too_old: 'workshop.error.python_too_old',
  python_venv_missing: 'workshop.error.python_venv_missing',
  packages_failed: 'workshop.error.packages_failed',
  packages_broken: 'workshop.error.packages_broken',
};

/** What a refused piece of folder code was for (the core's details.kind). */
const CODE_PARTS: Record<string, MessageKey> = {
  tokenizer: 'convert.code.part.tokenizer',
  configuration: 'convert.code.part.configuration',
  processor: 'convert.code.part.processor',
  model: 'convert.code.part.model',
  code: 'convert.code.part.code',
};

/** The reader's own name for a cut-off file. */
const ALIASES: Record<string, WorkshopFailureReason> = { gguf_truncated: 'truncated' };

/** A workshop failure in the page's language; another kind of failure as the app words it. */
export function workshopErrorText(t: Translate, error: ErrorLike, fallbackPath = ''): string {
  const given = error.details?.reason;
  const reason = typeof given === 'string' ? (ALIASES[given] ?? given) : null;
  if (reason === null || !Object.hasOwn(REASONS, reason)) return appErrorText(t, error);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const size = (value: unknown) => (typeof value === 'number' ? formatBytes(value) : '?');
  const found = error.details?.found;
  const files = error.details?.files;
  const kind = error.details?.kind;
  // A full disk found before starting has its sizes; one met while writing has none.
  const key =
    reason === 'disk_full' && typeof error.details?.neededBytes === 'number'
      ? 'workshop.error.disk_full_sizes'
      : REASONS[reason as WorkshopFailureReason];
  return t(key, {
    path: text(error.details?.path) || fallbackPath,
    outputPath: text(error.details?.outputPath),
    file: text(error.details?.file),
    architecture: text(error.details?.architecture) || '?',
    needed: size(error.details?.neededBytes),
    free: size(error.details?.freeBytes),
    found: Array.isArray(found) ? found.join(', ') : '',
    files: Array.isArray(files) && files.length > 0 ? files.join(', ') : '?',
    part: t(typeof kind === 'string' && Object.hasOwn(CODE_PARTS, kind) ? CODE_PARTS[kind]! : 'convert.code.part.code'),
    message: error.message,
  });
}

export function isCancelled(error: ErrorLike | null): boolean {
  return error?.details?.reason === 'cancelled';
}

const SETUP_STEPS: Record<PythonSetupStep, MessageKey> = {
  find_python: 'workshop.setup.find_python',
  create_env: 'workshop.setup.create_env',
  choose_torch: 'workshop.setup.choose_torch',
  install_packages: 'workshop.setup.install_packages',
  check_packages: 'workshop.setup.check_packages',
};

/**
 * "Tensor 12 of 291: blk.3.ffn_down.weight", "Importance matrix: chunk 3 of 20", "Writing: 1.2 MiB of 2.6 MiB", or what
 * comes before.
 */
export function progressText(t: Translate, progress: Omit<WorkshopProgress, 'jobId'> | null): string {
  if (!progress) return t('workshop.phase.starting');
  switch (progress.phase) {
    case 'imatrix':
      return progress.total > 0
        ? t('workshop.phase.imatrix', { done: progress.done, total: progress.total })
        : t('workshop.phase.imatrixLoading');
    case 'setup': {
      const step = t(SETUP_STEPS[progress.step ?? 'find_python']);
      const detail = progress.detail ? t('workshop.setup.detail', { step, detail: progress.detail }) : step;
      return t('workshop.phase.setup', { done: progress.done + 1, total: progress.total, step: detail });
    }
    case 'convert':
      return t('workshop.phase.convert', { done: progress.done, tensor: progress.tensor ?? '' });
    case 'write':
      return progress.total > 0
        ? t('workshop.phase.write', { done: formatBytes(progress.done), total: formatBytes(progress.total) })
        : t('workshop.phase.writeStarting');
    default:
      return t('workshop.phase.quantize', {
        done: progress.done,
        total: progress.total,
        tensor: progress.tensor ?? '',
      });
  }
}
